// `mcs serve` as a user runs it: prints three base URLs, serves, stops cleanly on SIGTERM and SIGINT.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { limitText, timeLimit } from '../../test/support/pace.js';

const mcs = fileURLToPath(new URL('../mcs.js', import.meta.url));

interface Run {
  child: ChildProcess;
  output: () => string;
  exit: Promise<number | null>;
}

function start(args: string[]): Run {
  const child = spawn(process.execPath, [mcs, 'serve', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  // Bounded: never leave a server behind, whatever the test does.
  const guard = setTimeout(() => child.kill('SIGKILL'), timeLimit({ mcsRuns: 2 }));
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => {
    clearTimeout(guard);
    resolve(code);
  }));
  return { child, output: () => out, exit };
}

/** Waits, within a start of the command's time, until the output shows `wanted`. */
async function printed(run: Run, wanted: (output: string) => boolean, what: string): Promise<void> {
  const limit = timeLimit({ mcsRuns: 1 });
  for (const deadline = performance.now() + limit; !wanted(run.output()); await new Promise((r) => setTimeout(r, 50))) {
    if (performance.now() > deadline) throw new Error(`${what} not printed in ${limitText(limit)}: ${run.output()}`);
  }
}

async function urlsOf(run: Run): Promise<Record<string, string>> {
  const urlLines = () => run.output().split('\n').filter((l) => /^(v4|v2|control)\s/.test(l));
  await printed(run, () => urlLines().length === 3, 'the three base URLs');
  return Object.fromEntries(urlLines().map((l) => l.split(/\s+/) as [string, string]));
}

describe('mcs serve', { timeout: timeLimit({ mcsRuns: 2 }) }, () => {
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    it(`prints the three base URLs on a free port and stops on ${signal}`, async () => {
      const run = start(['--port', '0']);
      const urls = await urlsOf(run);
      expect(urls.v4).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v4$/);
      expect(urls.v2).toBe(urls.v4!.replace(/\/v4$/, '/v2'));
      expect(urls.control).toBe(urls.v4!.replace(/\/v4$/, '/__control'));
      expect((await fetch(`${urls.control}/`)).status).toBe(200);
      run.child.kill(signal);
      expect(await run.exit).toBe(0);
      expect(run.output()).toContain('stopped');
    });
  }

  it('--no-control turns the control API off', async () => {
    const run = start(['--port', '0', '--no-control']);
    const urls = await urlsOf(run);
    const base = urls.v4!.replace(/\/v4$/, '');
    expect((await fetch(`${base}/__control/`)).status).toBe(404);
    run.child.kill('SIGTERM');
    expect(await run.exit).toBe(0);
  });

  it('--sandbox says the reference moves on by itself, and prints the organization it made: its keys, its app tokens with their scopes, the test recipients', async () => {
    const run = start(['--port', '0', '--sandbox', '--no-control']);
    const urls = await urlsOf(run);
    for (let i = 0; i < 400 && !/^ +\(or --write-config/m.test(run.output()); i++) await new Promise((r) => setTimeout(r, 50));
    const output = run.output();
    expect(output).toMatch(/^sandbox {2}moves on by itself/m);
    expect(output).toMatch(/this embedded sandbox's own, made up now and gone when it stops/);
    expect(output).toContain(`v2 URL            ${urls.v2}`);
    const key = /^ +API key +(\S+)$/m.exec(output)?.[1];
    expect(key).toMatch(/^api_/);
    const tokens = [...output.matchAll(/^ +app token +(\S+) {2}scopes: (.+)$/gm)].map((m) => ({ token: m[1] ?? '', scopes: m[2] ?? '' }));
    expect(tokens.length).toBeGreaterThanOrEqual(6);
    expect(tokens.map((t) => t.scopes)).toContain('apikeys:read, apikeys:manage, numbers:read, numbers:manage');
    expect(tokens.map((t) => t.scopes)).toContain('(no scope)');
    expect(output).toMatch(/test recipients +every message to \+\d+ fails \(error_code \S+\)/);
    // The next command names every token printed, and pastes into a shell as it is.
    const next = /^next +(npx mcs init (?:.* \\\n)*.*)$/m.exec(output)?.[1]?.replaceAll(' \\\n', ' ').replace(/ +/g, ' ');
    expect(next).toBe(`npx mcs init --base-url ${urls.v4!.replace(/\/v4$/, '')} --v2-base-url ${urls.v2} --api-key ${key} ${tokens.map((t) => `--app-token ${t.token}`).join(' ')}`);
    // What it printed is what the sandbox takes: the key reads the organization, the control API is off.
    expect((await fetch(`${urls.v4}/me`, { headers: { authorization: `Bearer ${key ?? ''}` } })).status).toBe(200);
    expect((await fetch(`${urls.v4!.replace(/\/v4$/, '')}/__control/`)).status).toBe(404);
    run.child.kill('SIGTERM');
    expect(await run.exit).toBe(0);
  });

  it('prints no credential without --sandbox', async () => {
    const run = start(['--port', '0']);
    await urlsOf(run);
    run.child.kill('SIGTERM');
    expect(await run.exit).toBe(0);
    expect(run.output()).not.toMatch(/api_|app token/);
  });

  it('--fault switches a fault on', async () => {
    const run = start(['--port', '0', '--fault', 'auth.401-standard-shape']);
    const urls = await urlsOf(run);
    const body = (await (await fetch(`${urls.v4}/me`)).json()) as { error: unknown };
    expect(body.error).toBeTypeOf('object');
    run.child.kill('SIGTERM');
    expect(await run.exit).toBe(0);
  });

  it('--write-config makes the sandbox organization and writes the config of the rung, with --no-control too', async () => {
    const { mkdtemp, readFile } = await import('node:fs/promises');
    const { join } = await import('node:path');
    const { tmpdir } = await import('node:os');
    const file = join(await mkdtemp(join(tmpdir(), 'mcs-serve-')), 'target.yaml');
    const run = start(['--port', '0', '--sandbox', '--no-control', '--write-config', file, '--rung', '0']);
    const urls = await urlsOf(run);
    await printed(run, (output) => /^config /m.test(output), 'the config line');
    expect(run.output()).toMatch(/^config {3}rung 0 written to .*certify it with: npx mcs certify --config /m);
    const written = await readFile(file, 'utf8');
    expect(written).toMatch(/^base_url: http/m);
    expect(written).toMatch(/primary: api_/);
    expect(urls.control).toBe('(off)');
    run.child.kill('SIGTERM');
    expect(await run.exit).toBe(0);
  });

  for (const args of [['--port', 'abc'], ['--port', '70000'], ['--fault', 'no.such.fault', '--port', '0'], ['--colour'], ['--rung', '1', '--port', '0'], ['--write-config', '/tmp/x.yaml', '--port', '0'], ['--sandbox', '--write-config', '/tmp/x.yaml', '--rung', '7', '--port', '0'], ['--sandbox', '--no-control', '--write-config', '/tmp/x.yaml', '--rung', '2', '--port', '0']]) {
    it(`exits 2 with one line for ${args.join(' ')}`, async () => {
      const run = start(args);
      expect(await run.exit).toBe(2);
      expect(run.output().trim().split('\n')).toHaveLength(1);
      expect(run.output()).not.toMatch(/\n\s+at /);
    });
  }
});
