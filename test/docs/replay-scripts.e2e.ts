// Every replay script reproduces its failure (issue 32 item 4): the reference started with faults switched
// on is certified, then the script the report gives for each failed check (reports/repro.ts, as report.html
// shows it) is run with /bin/sh, curl and jq against the same served target, and the request that failed the
// check must get the status the run saw (each step prints its status beside the run's).
//   - A target with the control API: a check that makes an organization of its own replays with the key
//     that organization's answer gives (the report shows it masked; the script reads the new one), not the
//     run's masked key, which answered 401 (numbers/quote-reports-matched-lines-and-counts).
//   - A vendor's sandbox (a config with keys and tokens, no control URL): every other credential a script
//     asks for is one of the config, found by its masked form, as the vendor who ran it would set it.
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { startReference } from '../../reference/index.js';
import { reproScript } from '../../reports/repro.js';
import { guardExchange } from '../../reports/redact.js';
import { failingExchangeIndex } from '../../results/failing-exchange.js';
import { maskSecret } from '../../results/mask.js';
import type { CheckResult, RunReport } from '../../results/model.js';
import { referenceTargetEnv } from '../../reference/target-settings.js';
import { runMcs } from '../support/run-mcs.js';
import { certifyTarget, startVendorTarget } from '../support/vendor-target.js';

const dir = mkdtempSync(join(tmpdir(), 'mcs-replay-scripts-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Replayed {
  check: string;
  /** Status of the failing step in the replay, and in the run. */
  got?: string;
  saw?: string;
  problem?: string;
}

function scriptOf(check: CheckResult, report: RunReport): { script: string; failing: number | undefined } {
  const failing = failingExchangeIndex(check, report.target.controlUrl);
  const script = reproScript(check.exchanges.map(guardExchange), { title: `${check.id}: ${check.title}`, ...(failing === undefined ? {} : { failing }), ...(report.target.controlUrl === undefined ? {} : { controlUrl: report.target.controlUrl }) });
  return { script, failing };
}

/** The credentials a script asks for, as `NAME -> masked form`. */
function credentialsAsked(script: string): Array<{ name: string; masked: string }> {
  return [...script.matchAll(/\$\{(\w+):\?set \w+ to the credential the report shows as ([^}]+)\}/g)].map((m) => ({ name: m[1] ?? '', masked: m[2] ?? '' }));
}

function sh(script: string, env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = execFile('/bin/sh', ['-c', script], { env: { ...process.env, ...env }, timeout: 60_000, maxBuffer: 16 * 1024 * 1024 }, (_error, stdout, stderr) => resolve({ code: child.exitCode, stdout, stderr }));
    child.stdin?.end();
  });
}

async function replay(check: CheckResult, report: RunReport, secrets: readonly string[]): Promise<Replayed> {
  const { script, failing } = scriptOf(check, report);
  if (failing === undefined) return { check: check.id, problem: 'no exchange recorded' };
  const env: Record<string, string> = {};
  for (const { name, masked } of credentialsAsked(script)) {
    const secret = secrets.find((s) => maskSecret(s) === masked);
    if (secret === undefined) return { check: check.id, problem: `asks for ${name} (${masked}), which is not a credential the vendor holds` };
    env[name] = secret;
  }
  const run = await sh(script, env);
  const line = new RegExp(`^# step ${failing + 1} answered (\\S*) \\(the run saw (\\S+?)[;)]`, 'm').exec(run.stdout);
  if (line === null) return { check: check.id, problem: `the failing step printed no status (exit ${run.code}): ${run.stderr.slice(-300)}` };
  return { check: check.id, got: line[1] ?? '', saw: line[2] ?? '' };
}

describe('the replay scripts of a fault run, run against the same served target', () => {
  it('with the control API: a check that makes its own organization replays with that organization\'s key and gets its failing answer back', async () => {
    const reference = await startReference({ faults: ['numbers.quote.counts-wrong'], log: () => undefined });
    try {
      const { urls } = reference;
      const out = join(dir, 'control');
      const run = await runMcs(['certify', '--base-url', urls.base, '--v2-base-url', urls.v2, '--control-url', urls.control, '--only', 'numbers/quote-reports-matched-lines-and-counts', '--seed', '3', '--reports-dir', out], { timeoutMs: 300_000, env: referenceTargetEnv });
      expect(run.code, run.stdout.slice(-2000)).toBe(1);
      const report = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')) as RunReport;
      const check = report.checks.find((c) => c.id === 'numbers/quote-reports-matched-lines-and-counts');
      if (check === undefined) throw new Error('the quote check did not run');
      expect(check.outcome).toBe('failed');
      const { script } = scriptOf(check, report);
      expect(credentialsAsked(script)).toEqual([]);
      const replayed = await replay(check, report, []);
      expect(replayed).toEqual({ check: check.id, got: '200', saw: '200' });
      // ... and the answer is the faulty one: matched_count counts one line too many.
      const answer = (await sh(script, {})).stdout.split('\n').filter((l) => l.startsWith('{')).at(-1) ?? '{}';
      const body = JSON.parse(answer) as { data: Array<{ matched: boolean }>; matched_count: number };
      expect(body.matched_count).toBe(body.data.filter((line) => line.matched).length + 1);
    } finally {
      await reference.close();
    }
  });

  it("in a vendor's sandbox: each failed check's script gets the failing status back, with the vendor's credentials", async () => {
    mkdirSync(join(dir, 'vendor'));
    const vendor = await startVendorTarget({ dir: join(dir, 'vendor'), fixtures: 'full', faults: ['envelope.item-unwrapped', 'apikeys.delete-not-idempotent', 'contacts.create.duplicate-allowed', 'errors.validation-as-400'] });
    try {
      const report = await certifyTarget(vendor, 'full', { only: ['channels', 'api-keys', 'contacts', 'errors'], seed: 5 });
      type Holder = { api_keys?: Record<string, string>; api_key?: string; app_tokens?: Array<{ token: string }> };
      const config = parse(readFileSync(vendor.configPath, 'utf8')) as { fixtures: Holder & { other_organizations?: Holder[] } };
      const held = (h: Holder) => [...Object.values(h.api_keys ?? {}), ...(h.api_key === undefined ? [] : [h.api_key]), ...(h.app_tokens ?? []).map((t) => t.token)];
      const secrets = [...held(config.fixtures), ...(config.fixtures.other_organizations ?? []).flatMap(held)];
      const failed = report.checks.filter((c) => c.outcome === 'failed');
      expect(failed.length, 'the faults fail checks').toBeGreaterThanOrEqual(4);
      const replayed: Replayed[] = [];
      for (const check of failed) replayed.push(await replay(check, report, secrets));
      console.info(`replayed the scripts of ${failed.length} failed checks: ${replayed.filter((r) => r.got === r.saw).length} got the failing status back`);
      expect(replayed.filter((r) => r.problem !== undefined || r.got !== r.saw)).toEqual([]);
    } finally {
      await vendor.close();
    }
  });
});
