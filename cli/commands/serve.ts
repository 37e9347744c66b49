// `mcs serve`: runs the reference implementation until Ctrl-C or SIGTERM.
import { UsageError } from '../errors.js';
import { parseFlags } from '../flags.js';
import { startReference } from '../../reference/index.js';
import { namedVariants } from '../../reference/variants.js';
import { listFaults } from '../../reference/faults.js';
import { referenceTargetEnv } from '../../reference/target-settings.js';
import { sandboxRecipients } from '../../reference/sandbox/progress.js';
import { makeVendorOrganization } from '../../reference/sandbox/vendor-organization.js';
import { rungs, type Rung } from '../rungs.js';

const USAGE = `Usage: mcs serve [--host 127.0.0.1] [--port 4010] [--no-control] [--sandbox [--write-config FILE [--rung N]]] [--fault NAME]... [--variant NAME]... [--list-faults]

Starts the in-memory reference implementation and prints its three base URLs (v4, v2, control).
  --host         interface to listen on (default 127.0.0.1)
  --port         port (default 4010; 0 picks a free port)
  --no-control   turn off the control API under /__control
  --sandbox      move on by itself as a vendor's sandbox does: outbound messages go sent then delivered,
                 purchases complete, test recipients fail or read (with --no-control: a target like a
                 vendor's without our control API)
  --write-config with --sandbox: make the sandbox's organization, as a vendor's dashboard gives a new customer,
                 and write FILE, the config a vendor at --rung has for it (README "Without our control API"):
  --rung N       0 base URL, v2 URL, one key; 1 (default) what mcs init writes plus values written by hand;
                 2 and an adapter making organizations (FILE.adapter.mjs, written beside it); 3 and the
                 adapter's inbound messages and clock; 4 the whole control API. Then: mcs certify --config FILE
  --fault        switch on a named fault (repeatable; for demos of what the suite catches)
  --variant      apply a named benign variant (repeatable): ${Object.keys(namedVariants).join(', ')}
  --list-faults  print every fault name with its description and exit
Stops cleanly on Ctrl-C (SIGINT) or SIGTERM.
`;

export async function run(argv: string[]): Promise<number> {
  const flags = parse(argv);
  if (flags.help === true) {
    process.stdout.write(USAGE);
    return 0;
  }
  if (flags['list-faults'] === true) {
    for (const fault of await listFaults()) process.stdout.write(`${fault.name.padEnd(52)} ${fault.description}\n`);
    return 0;
  }
  const port = parsePort(flags.port ?? '4010');
  const writeConfig = flags['write-config'];
  const rung = parseRung(flags.rung, writeConfig, flags.sandbox === true, flags['no-control'] === true);
  const variant = Object.assign({}, ...(flags.variant ?? []).map(variantNamed));
  const faults = flags.fault ?? [];
  let reference;
  try {
    // The sandbox's organization is made through the control API (the vendor's admin API here), which --no-control then turns off.
    reference = await startReference({ host: flags.host ?? '127.0.0.1', port, faults, variant, control: flags['no-control'] !== true || writeConfig !== undefined, sandbox: flags.sandbox === true && !(writeConfig !== undefined && rung === 4) });
  } catch (error) {
    const e = error as { code?: string; message?: string };
    if (e.code === 'EADDRINUSE') throw new UsageError(`port ${port} is already in use (try --port 0)`);
    if (e.message?.startsWith('unknown fault')) throw new UsageError(`${e.message} (see --list-faults)`);
    throw error;
  }
  const { urls } = reference;
  if (writeConfig !== undefined) {
    try {
      // Loaded only here: writing a rung's config runs `mcs init`'s discovery (the harness), which the reference
      // image does not hold.
      const { writeRungConfig } = await import('../sandbox-rungs.js');
      await writeRungConfig(writeConfig, rung, urls, await makeVendorOrganization(urls.control));
    } catch (error) {
      await reference.close();
      throw new UsageError(`--write-config ${writeConfig}: ${(error as Error).message.split('\n')[0] ?? ''}`);
    }
    if (flags['no-control'] === true) reference.app.disabled.add('/__control');
  }
  process.stdout.write(`v4       ${urls.v4}\nv2       ${urls.v2}\ncontrol  ${flags['no-control'] === true ? '(off)' : urls.control}\n`);
  if (faults.length > 0) process.stdout.write(`faults   ${faults.join(', ')}\n`);
  if (flags.sandbox === true && writeConfig !== undefined && rung === 4) process.stdout.write('sandbox  the control API drives messages and purchases (rung 4)\n');
  else if (flags.sandbox === true) {
    process.stdout.write('sandbox  moves on by itself: messages are sent and delivered, purchases complete\n');
    process.stdout.write(`         test recipients: every message to ${sandboxRecipients.failing} fails (error_code ${sandboxRecipients.failing_error_code}); ${sandboxRecipients.reading} reads what it gets\n`);
  }
  // What the description leaves for a target to name, as a certify run against this server needs it.
  const settings = Object.entries(referenceTargetEnv).map(([name, value]) => `${name}='${value}'`);
  process.stdout.write(`settings ${settings.join(' ')}\n`);
  if (writeConfig !== undefined) process.stdout.write(`config   rung ${rung} written to ${writeConfig}; certify it with: npx mcs certify --config ${writeConfig}\n`);
  await untilSignal();
  await reference.close();
  process.stdout.write('stopped\n');
  return 0;
}

function parse(argv: string[]) {
  return parseFlags(argv, {
    host: { type: 'string' },
    port: { type: 'string' },
    'no-control': { type: 'boolean' },
    sandbox: { type: 'boolean' },
    fault: { type: 'string', multiple: true },
    variant: { type: 'string', multiple: true },
    'list-faults': { type: 'boolean' },
    'write-config': { type: 'string' },
    rung: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  });
}

function parsePort(raw: string): number {
  if (!/^\d+$/.test(raw) || Number(raw) > 65535) throw new UsageError(`--port must be an integer from 0 to 65535, not '${raw}'`);
  return Number(raw);
}

function parseRung(raw: string | undefined, writeConfig: string | undefined, sandbox: boolean, noControl: boolean): Rung {
  if (writeConfig === undefined) {
    if (raw !== undefined) throw new UsageError('--rung chooses the config --write-config writes: give --write-config FILE');
    return 1;
  }
  if (!sandbox) throw new UsageError('--write-config writes the config of a vendor sandbox: give --sandbox');
  const rung = Number(raw ?? '1');
  if (!rungs.includes(rung as Rung)) throw new UsageError(`--rung must be one of ${rungs.join(', ')}, not '${raw ?? ''}'`);
  if (noControl && rung >= 2) throw new UsageError(`--rung ${rung} reaches the sandbox's admin API through an adapter or the control API: drop --no-control`);
  return rung as Rung;
}

function variantNamed(name: string) {
  const variant = namedVariants[name];
  if (!variant) throw new UsageError(`unknown variant '${name}' (one of ${Object.keys(namedVariants).join(', ')})`);
  return variant;
}

function untilSignal(): Promise<void> {
  return new Promise((resolve) => {
    const stop = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}
