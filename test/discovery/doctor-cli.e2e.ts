// (An e2e test: it runs mcs init, doctor and a narrowed certify through the CLI, tens of seconds.)
// `mcs doctor --config FILE` and `mcs init` through the CLI, against the reference as a vendor's sandbox started
// in this process: what is used up or wrong is named in one line each (exit 1), a config found true that leaves
// in-scope clauses unverifiable exits 3 and says what each step would unlock (the counts init gives, and certify
// before its first check), a config that can verify everything exits 0, and a bad flag or an unreachable target
// is one line (exit 2).
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { startReference, type ReferenceHandle } from '../../reference/index.js';
import { makeVendorOrganization, type VendorOrganization } from '../../reference/sandbox/vendor-organization.js';
import { timeLimit } from '../support/pace.js';
import { runMcs } from '../support/run-mcs.js';

let reference: ReferenceHandle;
let org: VendorOrganization;
let dir: string;

beforeAll(async () => {
  reference = await startReference({ log: () => {}, sandbox: true });
  org = await makeVendorOrganization(reference.urls.control);
  dir = await mkdtemp(join(tmpdir(), 'mcs-doctor-'));
});
afterAll(async () => {
  await reference.close();
  await rm(dir, { recursive: true, force: true });
});

describe('mcs init, then mcs doctor', () => {
  it('init writes what the public API shows and says what it could not find; doctor finds it true', async () => {
    const out = join(dir, 'target.yaml');
    const tokens = org.tokens.flatMap(({ token }) => ['--app-token', token]);
    const init = await runMcs(['init', '--base-url', reference.urls.base, '--v2-base-url', reference.urls.v2, '--api-key', org.keys.primary, ...tokens, '--out', out]);
    expect(init.code, init.stderr).toBe(0);
    expect(init.stdout).toMatch(/wrote .*8 channel kind\(s\)/);
    expect(init.stdout).toMatch(/fixtures\.plan \(number_purchase_enabled: true, payment_method: valid\): .*unlocks \d+ clause\(s\)/);
    expect(init.stdout).not.toContain(org.keys.primary);
    const written = await readFile(out, 'utf8');
    expect(written).toMatch(/^\s*# A line of each kind found/m);
    const doctor = await runMcs(['doctor', '--config', out]);
    expect(doctor.code, doctor.stdout + doctor.stderr).toBe(3);
    expect(doctor.stdout).toMatch(/^doctor: every fixture holds, but \d+ in-scope clause\(s\) cannot be verified: a certify run can only be incomplete \(exit 3\)$/m);
    // One count for each step: what init said a step unlocks, doctor says it costs.
    const unlocks = (text: string, step: string) => new RegExp(`${step.replace(/[.()]/g, '\\$&')}[^\n]*?(?:unlocks |: )(\\d+) clause\\(s\\)`).exec(text)?.[1];
    const step = 'fixtures.plan (number_purchase_enabled: true, payment_method: valid)';
    expect(unlocks(doctor.stdout, `without ${step}`)).toBeDefined();
    expect(unlocks(doctor.stdout, `without ${step}`)).toBe(unlocks(init.stdout, step));
    expect(unlocks(doctor.stdout, 'without the whole control API')).toBe(unlocks(init.stdout, 'the whole control API'));
    const again = await runMcs(['init', '--base-url', reference.urls.base, '--api-key', org.keys.primary, '--out', out]);
    expect([again.code, again.stderr]).toEqual([2, expect.stringMatching(/exists: give --out another file, or --force/)]);
  }, timeLimit({ mcsRuns: 3, quietMs: 10_000 })); // init, doctor, init: each asks the target a few dozen things

  it('a missing v2 URL is said before the run, with its cost in clauses, by doctor (exit 3) and by certify before any check runs', async () => {
    const config = join(dir, 'no-v2.yaml');
    await writeFile(config, stringify({ base_url: reference.urls.base, fixtures: { api_keys: { primary: org.keys.primary } } }));
    const doctor = await runMcs(['doctor', '--config', config]);
    expect(doctor.code, doctor.stdout + doctor.stderr).toBe(3);
    const cost = /^ {2}without v2_base_url: (\d+) clause\(s\) unverified; the v2 API$/m.exec(doctor.stdout)?.[1];
    expect(Number(cost), doctor.stdout).toBeGreaterThan(0);
    const certify = await runMcs(['certify', '--config', config, '--only', 'v2', '--reports-dir', join(dir, 'no-v2-out'), '--seed', '3'], { timeoutMs: 120_000 });
    expect(certify.code, certify.stdout + certify.stderr).toBe(3); // a narrowed run that verified nothing: incomplete
    const lines = certify.stdout.split('\n');
    const said = lines.findIndex((line) => /^ {2}without v2_base_url: \d+ clause\(s\) unverified; the v2 API$/.test(line));
    expect(said, certify.stdout).toBeGreaterThanOrEqual(0);
    expect(said).toBeLessThan(lines.findIndex((line) => /running \d+ checks/.test(line)));
    expect(lines[said - 1]).toMatch(/^set-up: \d+ of \d+ in-scope clause\(s\) can be verified by the checks' declared needs; \d+ cannot, so the verdict can only be incomplete:$/);
  }, 180_000);

  it('a set-up that can verify every in-scope clause (the whole control API) exits 0', async () => {
    const config = join(dir, 'control.yaml');
    await writeFile(config, stringify({ base_url: reference.urls.base, v2_base_url: reference.urls.v2, control_url: reference.urls.control }));
    const doctor = await runMcs(['doctor', '--config', config]);
    expect(doctor.code, doctor.stdout + doctor.stderr).toBe(0);
    expect(doctor.stdout).toMatch(/^doctor: every fixture holds, and every in-scope clause can be verified$/m);
  }, 180_000);

  it('doctor names what is used up or wrong, one line each, and exits 1', async () => {
    const config = join(dir, 'wrong.yaml');
    const [removable] = org.removableLines;
    if (removable === undefined) throw new Error('the sandbox has removable lines');
    const removed = await fetch(`${reference.urls.v4}/channels/${removable.id}`, { method: 'DELETE', headers: { authorization: `Bearer ${org.tokens[0]?.token ?? ''}`, 'content-type': 'application/json' }, body: JSON.stringify({ reasons: ['an earlier run'] }) });
    expect(removed.status).toBe(200);
    const fixtures = { api_keys: { primary: org.keys.primary }, removable_lines: [{ id: removable.id, address: removable.address }], app_tokens: [{ token: org.tokens[3]?.token ?? '', scopes: ['numbers:read', 'numbers:manage'] }] };
    await writeFile(config, stringify({ base_url: reference.urls.base, fixtures }));
    const doctor = await runMcs(['doctor', '--config', config]);
    expect(doctor.code, doctor.stderr).toBe(1);
    const problems = doctor.stdout.split('\n').filter((line) => line.startsWith('fixture check: '));
    expect(problems).toEqual([expect.stringMatching(/removable_lines\[0\] .*used up/), expect.stringMatching(/app_tokens\[0\]: lacks numbers:manage/)]);
    expect(doctor.stdout).toMatch(/doctor: 2 fixture\(s\) used up or wrong/);
    // mcs certify names them the same way before its first check, and runs on what holds.
    const certify = await runMcs(['certify', '--config', config, '--only', 'numbers/removal-by-e164-number', '--reports-dir', join(dir, 'out'), '--seed', '3'], { work: { mcsRuns: 1, quietMs: 10_000 } });
    const lines = certify.stdout.split('\n');
    const named = lines.findIndex((line) => /^fixture check: fixtures\.removable_lines\[0\] .*used up/.test(line));
    expect(named, certify.stdout).toBeGreaterThanOrEqual(0);
    expect(named).toBeLessThan(lines.findIndex((line) => line.startsWith('mcs certify: ')));
    expect(certify.stdout).not.toContain(org.tokens[3]?.token ?? 'tok');
  }, timeLimit({ mcsRuns: 2, quietMs: 15_000 })); // doctor, then a certify of one check

  it('a config without a target, or a target that does not answer, is one line and exit 2', async () => {
    const none = await runMcs(['doctor']);
    expect([none.code, none.stderr.trim().split('\n').length]).toEqual([2, 1]);
    const config = join(dir, 'unreachable.yaml');
    await writeFile(config, stringify({ base_url: 'http://127.0.0.1:9', fixtures: { api_keys: { primary: 'api_x' } } }));
    const unreachable = await runMcs(['doctor', '--config', config]);
    expect([unreachable.code, unreachable.stderr.trim().split('\n').length]).toEqual([2, 1]);
    expect(parse(await readFile(config, 'utf8'))).toMatchObject({ base_url: 'http://127.0.0.1:9' });
  }, timeLimit({ mcsRuns: 2 }));
});
