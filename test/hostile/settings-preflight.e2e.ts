// Bad settings fail before the run (issue 33, item 5): each exits 2 with one line naming the flag, before any
// check runs; a control adapter is loaded and answers within a bound (--max-duration included), and one
// whose call never settles mid-run stops the run (exit 2, a line naming it, the report of what ran).
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startVendorTarget, type VendorTarget } from '../support/vendor-target.js';
import { apiKey, certify, outcomesOf } from './support.js';
import { json, startServer, unauthorized, type HostileServer } from './servers.js';

const bound = 120_000;
let dir: string;
let api: HostileServer;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mcs-settings-'));
  // Passes the pre-flight's look at v4: 401 without a key, 200 with one.
  api = await startServer((request, response) => (request.headers.authorization === undefined ? unauthorized(response) : json(response, 200, { data: {} })));
});
afterAll(async () => {
  await api.close();
  await rm(dir, { recursive: true, force: true });
});

async function adapter(name: string, source: string): Promise<string> {
  const file = join(dir, `${name}.mjs`);
  await writeFile(file, source);
  return file;
}

/** One line on stderr, exit 2, and no check run (no progress line about running checks). */
async function refusedBeforeRun(args: string[]): Promise<string> {
  const run = await certify([...args, '--api-key', apiKey], bound);
  expect(run.code, run.stderr).toBe(2);
  expect(run.stdout).not.toMatch(/running \d+ checks/);
  const lines = run.stderr.trim().split('\n');
  expect(lines).toHaveLength(1);
  return lines[0] ?? '';
}

describe('settings checked before the run', { timeout: bound + 10_000 }, () => {
  it('--reports-dir naming a file (today: the whole run, then EEXIST and the results lost)', async () => {
    const file = join(dir, 'a-file');
    await writeFile(file, 'not a folder');
    expect(await refusedBeforeRun(['--base-url', api.url, '--reports-dir', file])).toBe(`mcs certify: --reports-dir ${file}: is a file, not a folder; name a folder for the reports`);
    expect(await refusedBeforeRun(['--base-url', api.url, '--reports-dir', join(file, 'sub')])).toMatch(/^mcs certify: --reports-dir .*: cannot be created, .*a-file is a file$/);
    expect(api.requests).toEqual([]);
  });

  it('--webhook-listen 999.1.1.1:99999 (today: 57 harness exceptions)', async () => {
    expect(await refusedBeforeRun(['--base-url', api.url, '--webhook-listen', '999.1.1.1:99999'])).toMatch(/^mcs certify: webhook_listen \(from --webhook-listen\): .*port 99999 is over 65535$/);
    expect(await refusedBeforeRun(['--base-url', api.url, '--webhook-listen', '999.1.1.1:9999'])).toMatch(/^mcs certify: webhook_listen \(from --webhook-listen\): "999\.1\.1\.1" is no IPv4 address$/);
    expect(await refusedBeforeRun(['--base-url', api.url, '--webhook-listen', '192.0.2.1:0'])).toMatch(/^mcs certify: --webhook-listen 192\.0\.2\.1:0: cannot listen on 192\.0\.2\.1:0: no interface of this machine has that address/);
  });

  it('a URL that does not parse names its flag (today: "Invalid URL (ERR_INVALID_URL)")', async () => {
    expect(await refusedBeforeRun(['--base-url', 'http://[::1'])).toBe('mcs certify: base_url (from --base-url): is not a valid URL (an IPv6 host needs its closing ])');
    expect(await refusedBeforeRun(['--base-url', api.url, '--webhook-public-url', 'https://[::1:99/'])).toMatch(/^mcs certify: webhook_public_url \(from --webhook-public-url\): is not a valid URL/);
  });
});

describe('a control adapter is bounded and named', { timeout: bound + 10_000 }, () => {
  it('one whose getControlInfo never settles: --max-duration bounds the pre-flight, exit 2 naming it', async () => {
    const file = await adapter('hangs', 'export function getControlInfo() { return new Promise(() => {}); }\nexport function advanceClock() { return {}; }\n');
    const started = Date.now();
    const line = await refusedBeforeRun(['--base-url', api.url, '--control-adapter', file, '--max-duration', '4', '--timeout', '10000']);
    expect(line).toMatch(new RegExp(`^mcs certify: control adapter ${file}: getControlInfo did not settle within \\d+ ms \\(--max-duration 4 s\\)$`));
    // Bounded by the run's deadline, not by the default call bound (30 s): generous, for a loaded machine.
    expect(Date.now() - started).toBeLessThan(25_000);
  });

  it('one that never finishes loading (a top-level await): exit 2 naming it, not a silent exit 13', async () => {
    const file = await adapter('never-loads', 'await new Promise(() => {});\nexport function advanceClock() { return {}; }\n');
    expect(await refusedBeforeRun(['--base-url', api.url, '--control-adapter', file, '--max-duration', '4'])).toMatch(new RegExp(`^mcs certify: control adapter ${file}: loading it did not settle within \\d+ ms`));
  });

  it('one that throws: the message names the adapter and the operation', async () => {
    const file = await adapter('throws', 'export function getControlInfo() { throw new Error("info boom"); }\nexport function advanceClock() { return {}; }\n');
    expect(await refusedBeforeRun(['--base-url', api.url, '--control-adapter', file])).toBe(`mcs certify: control adapter ${file}: getControlInfo failed: info boom`);
  });
});

describe('a control adapter whose call never settles mid-run', { timeout: bound * 2 }, () => {
  let vendor: VendorTarget;
  beforeAll(async () => {
    vendor = await startVendorTarget({ dir: await mkdtemp(join(tmpdir(), 'mcs-vendor-')), fixtures: 'full' });
  });
  afterAll(async () => {
    await vendor?.close();
  });

  it('stops the run: exit 2, one line naming it, the report of what ran written', async () => {
    const file = await adapter('inbound-hangs', 'export function simulateInboundMessage() { return new Promise(() => {}); }\n');
    const run = await certify(['--config', vendor.configPath, '--control-adapter', file, '--only', 'webhooks,messages', '--timeout', '1000'], bound * 2);
    expect(run.code, run.stderr).toBe(2);
    expect(run.stderr.trim().split('\n')).toEqual([expect.stringMatching(new RegExp(`^mcs certify: stopped, target unusable: control adapter ${file}: simulateInboundMessage did not settle within 3000 ms; \\d+ check\\(s\\) not run$`))]);
    expect(run.report?.complete).toBe(false);
    expect(outcomesOf(run.report)['not-run']).toBeGreaterThan(0);
  });
});
