// `mcs serve`: runs the reference implementation until Ctrl-C or SIGTERM.
import { UsageError } from '../errors.js';
import { parseFlags } from '../flags.js';
import { startReference } from '../../reference/index.js';
import { namedVariants } from '../../reference/variants.js';
import { listFaults } from '../../reference/faults.js';
import { referenceTargetEnv } from '../../reference/target-settings.js';
import { sandboxRecipients } from '../../reference/sandbox/progress.js';
import { makeVendorOrganization, type VendorOrganization } from '../../reference/sandbox/vendor-organization.js';
import { rungs, type Rung } from '../rungs.js';

const USAGE = `Usage: mcs serve [--host 127.0.0.1] [--port 4010] [--no-control] [--sandbox [--write-config FILE [--rung N]]] [--fault NAME]... [--variant NAME]... [--list-faults]

Starts the in-memory reference implementation and prints its three base URLs (v4, v2, control).
  --host         interface to listen on (default 127.0.0.1)
  --port         port (default 4010; 0 picks a free port)
  --no-control   turn off the control API under /__control
  --sandbox      a vendor's sandbox: it moves on by itself (outbound messages go sent then delivered,
                 purchases complete, test recipients fail or read), and it makes an organization for you,
                 as a vendor's dashboard gives a new customer, and prints its credentials in full: two API
                 keys and the app tokens with their scopes, with the v2 URL and the test recipients (with
                 --no-control: a target like a vendor's without our control API). These are the embedded
                 sandbox's own, made up at its start and gone when it stops; mcs never prints a target's.
  --write-config with --sandbox: write FILE, the config a vendor at --rung has for that organization
                 (README "Without our control API"):
  --rung N       0 base URL, v2 URL, one key; 1 (default) what mcs init writes plus values written by hand;
                 2 and an adapter making organizations (FILE.adapter.mjs, written beside it); 3 and the
                 adapter's inbound messages and clock; 4 the whole control API. Then: mcs certify --config FILE
  --fault        switch on a named fault (repeatable; for demos of what the suite catches)
  --variant      apply a named benign variant (repeatable): ${Object.keys(namedVariants).join(', ')}
  --list-faults  print every fault name with its description and exit
Examples:
  mcs serve --port 4010                                         the reference, with its control API
  mcs serve --sandbox --no-control --port 4010                  a vendor's sandbox: certify it with what it prints
  mcs serve --sandbox --port 4010 --write-config target.yaml --rung 1
  mcs serve --fault auth.401-standard-shape --port 4010         a faulty one, to see what certify catches
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
  // The sandbox's organization is made through the control API (the vendor's admin API here), which --no-control
  // then turns off. Rung 4 is the control API itself: no organization, no sandbox progress.
  const sandbox = flags.sandbox === true && !(writeConfig !== undefined && rung === 4);
  let reference;
  try {
    reference = await startReference({ host: flags.host ?? '127.0.0.1', port, faults, variant, control: flags['no-control'] !== true || flags.sandbox === true, sandbox });
  } catch (error) {
    const e = error as { code?: string; message?: string };
    if (e.code === 'EADDRINUSE') throw new UsageError(`port ${port} is already in use (try --port 0)`);
    if (e.message?.startsWith('unknown fault')) throw new UsageError(`${e.message} (see --list-faults)`);
    throw error;
  }
  const { urls } = reference;
  let org: VendorOrganization | undefined;
  try {
    if (flags.sandbox === true) org = await makeVendorOrganization(urls.control);
    if (writeConfig !== undefined && org !== undefined) {
      // Loaded only here: writing a rung's config runs `mcs init`'s discovery (the harness), which the reference
      // image does not hold.
      const { writeRungConfig } = await import('../sandbox-rungs.js');
      await writeRungConfig(writeConfig, rung, urls, org);
    }
  } catch (error) {
    await reference.close();
    throw new UsageError(`${writeConfig === undefined ? '--sandbox' : `--write-config ${writeConfig}`}: ${(error as Error).message.split('\n')[0] ?? ''}`);
  }
  if (flags['no-control'] === true) reference.app.disabled.add('/__control');
  // Listening for the signals before the URLs are printed: whoever reads them may stop the server at once.
  const stopped = untilSignal();
  process.stdout.write(`v4       ${urls.v4}\nv2       ${urls.v2}\ncontrol  ${flags['no-control'] === true ? '(off)' : urls.control}\n`);
  if (faults.length > 0) process.stdout.write(`faults   ${faults.join(', ')}\n`);
  if (flags.sandbox === true && !sandbox) process.stdout.write('sandbox  the control API drives messages and purchases (rung 4)\n');
  else if (sandbox && org !== undefined) process.stdout.write(sandboxLines(urls, org).join('\n') + '\n');
  // What the description leaves for a target to name, as a certify run against this server needs it.
  const settings = Object.entries(referenceTargetEnv).map(([name, value]) => `${name}='${value}'`);
  process.stdout.write(`settings ${settings.join(' ')}\n`);
  if (writeConfig !== undefined) process.stdout.write(`config   rung ${rung} written to ${writeConfig}; certify it with: npx mcs certify --config ${writeConfig}\n`);
  else if (sandbox && org !== undefined) process.stdout.write(initCommandLines(urls, org).join('\n') + '\n');
  await stopped;
  await reference.close();
  process.stdout.write('stopped\n');
  return 0;
}

/**
 * The `mcs init` a vendor runs next, whole: every app token the sandbox printed, so that it pastes as it is (with
 * `--app-token ...` in its place, ten tokens had to be copied one by one), one flag a line as a shell reads it.
 */
function initCommandLines(urls: { base: string; v2: string }, org: VendorOrganization): string[] {
  const flags = [`--v2-base-url ${urls.v2}`, `--api-key ${org.keys.primary}`, ...org.tokens.map((t) => `--app-token ${t.token}`)];
  return [`next     npx mcs init --base-url ${urls.base} \\`, ...flags.map((flag, i) => `           ${flag}${i < flags.length - 1 ? ' \\' : ''}`), '         (or --write-config FILE instead: the config of a rung, written whole)'];
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

/**
 * What a vendor's dashboard and sandbox documentation would give a new customer: the organization's keys, its app
 * tokens with their scopes, the v2 URL and the test recipients. Printed in full, unlike every credential a
 * target gives mcs (masked in all output): these are the embedded sandbox's own, made up when it started and
 * gone when it stops, and certifying it from the CLI alone needs them. Only `mcs serve --sandbox` prints them.
 */
export function sandboxLines(urls: { base: string; v2: string }, org: VendorOrganization): string[] {
  const scopes = (list: readonly string[]) => (list.length === 0 ? '(no scope)' : list.join(', '));
  return [
    'sandbox  moves on by itself: messages are sent and delivered, purchases complete',
    `         organization ${org.organizationId}, made as a vendor's dashboard makes one for a new customer`,
    "         its credentials, in full: this embedded sandbox's own, made up now and gone when it stops",
    '         (mcs masks every credential a real target gives it)',
    `         base URL          ${urls.base}`,
    `         v2 URL            ${urls.v2}`,
    `         API key           ${org.keys.primary}`,
    `         second API key    ${org.keys.secondary}`,
    ...org.tokens.map(({ token, scopes: held }) => `         app token         ${token}  scopes: ${scopes(held)}`),
    `         test recipients   every message to ${sandboxRecipients.failing} fails (error_code ${sandboxRecipients.failing_error_code}); ${sandboxRecipients.reading} reads what it gets`,
  ];
}
