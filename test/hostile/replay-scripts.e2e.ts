// The replay scripts of a fault run against a target that steers what it can (issue 42, item 1): every
// contact and identity id it answers needs percent-encoding (a space, /, ?, #, &, =, +, %, a quote, a shell
// command substitution, non-ASCII), and every object carrying one names the shell's own variables (PATH, IFS,
// HOME) with it. The run is certified through that target; each failed check's script (reports/repro.ts, as
// report.html gives it) is run with /bin/sh, curl and jq against the same target: it must reach the request
// that failed the check and get the status the run saw, and no command the target planted may run.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startReference } from '../../reference/index.js';
import { guardExchange } from '../../reports/redact.js';
import { reproScript } from '../../reports/repro.js';
import { failingExchangeIndex } from '../../results/failing-exchange.js';
import { maskSecret } from '../../results/mask.js';
import type { CheckResult, RunReport } from '../../results/model.js';
import { runMcs } from '../support/run-mcs.js';
import { mapJson, rewritingProxy } from './rewriting-proxy.js';

const dir = mkdtempSync(join(tmpdir(), 'mcs-hostile-replay-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Left by the shell payload in every id, should anything ever run it. */
const mark = join(dir, 'payload-ran');
const suffix = ` x/y?z#w&v=u+t%s'r$(touch ${mark})~!*()é`;
const ourId = /^(?:ct|cid)_[A-Za-z0-9]+$/;
const checks = ['contacts/soft-delete-answers-id-and-deleted-then-404', 'contacts/identity-rename-in-place-updates-parent-name', 'contacts/rename-requires-name'];
const faults = ['contacts.delete.still-readable', 'contacts.identity.rename-skips-identity', 'contacts.update.answer-shows-old-name'];

const strip = (text: string) => (text.endsWith(suffix) ? text.slice(0, -suffix.length) : text);

/** The request as the reference knows it: each id's suffix taken off in the path, the query and the JSON body. */
function plainRequest(path: string, body: string): { path: string; body: string } {
  const mark = path.indexOf('?');
  const pathname = (mark === -1 ? path : path.slice(0, mark))
    .split('/')
    .map((segment) => {
      const decoded = decodeURIComponent(segment);
      return decoded.endsWith(suffix) ? encodeURIComponent(strip(decoded)) : segment;
    })
    .join('/');
  let query = mark === -1 ? '' : path.slice(mark);
  if (query.includes(encodeURIComponent(suffix).slice(0, 6)) || query.includes('+x%2Fy')) {
    const params = new URLSearchParams(query);
    query = `?${new URLSearchParams([...params].map(([k, v]) => [k, strip(v)])).toString()}`;
  }
  let plainBody = body;
  try {
    if (body !== '') plainBody = JSON.stringify(mapJson(JSON.parse(body), strip));
  } catch {
    // not JSON: as it is
  }
  return { path: `${pathname}${query}`, body: plainBody };
}

/** The answer as the hostile target gives it: each id suffixed, and each object holding one naming PATH, IFS and HOME with it. */
function hostileAnswer(_request: unknown, _status: number, body: string): string {
  try {
    const withIds = mapJson(JSON.parse(body), (text) => (ourId.test(text) ? `${text}${suffix}` : text), (record) =>
      typeof record['id'] === 'string' && record['id'].endsWith(suffix) ? { PATH: record['id'], IFS: record['id'], HOME: record['id'], ...record } : record,
    );
    return JSON.stringify(withIds);
  } catch {
    return body;
  }
}

function scriptOf(check: CheckResult, report: RunReport): { script: string; failing: number | undefined } {
  const failing = failingExchangeIndex(check, report.target.controlUrl);
  const script = reproScript(check.exchanges.map(guardExchange), { title: `${check.id}: ${check.title}`, ...(failing === undefined ? {} : { failing }), ...(report.target.controlUrl === undefined ? {} : { controlUrl: report.target.controlUrl }) });
  return { script, failing };
}

function sh(script: string, env: Record<string, string>): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile('/bin/sh', ['-c', script], { env: { ...process.env, ...env }, cwd: dir, timeout: 120_000, maxBuffer: 16 * 1024 * 1024 }, (_error, stdout, stderr) => resolve({ stdout, stderr }));
  });
}

describe('replay scripts against a target whose ids need encoding and whose answers name PATH, IFS and HOME', { timeout: 900_000 }, () => {
  it('each failed check replays to the request that failed it, with the status the run saw, and runs nothing planted', async () => {
    const reference = await startReference({ faults, log: () => undefined });
    const proxy = await rewritingProxy(reference.urls.base, { request: plainRequest, response: hostileAnswer });
    try {
      const out = join(dir, 'reports');
      const run = await runMcs(['certify', '--base-url', proxy.url, '--v2-base-url', reference.urls.v2, '--control-url', reference.urls.control, '--only', checks.join(','), '--seed', '11', '--reports-dir', out], { timeoutMs: 600_000 });
      expect(run.code, run.stderr.slice(-2000)).toBe(1);
      const report = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')) as RunReport;
      const failed = report.checks.filter((c) => c.outcome === 'failed');
      expect(failed.map((c) => c.id).sort()).toEqual([...checks].sort());
      // The run met the hostile ids: they are in what it recorded.
      expect(failed.flatMap((c) => c.exchanges).filter((e) => e.response?.body?.includes(`"PATH":"ct_`) === true && e.response.body.includes(suffix))).not.toEqual([]);

      const results = [];
      for (const check of failed) {
        const { script, failing } = scriptOf(check, report);
        const env: Record<string, string> = {};
        for (const m of script.matchAll(/\$\{(\w+):\?set \w+ to the credential the report shows as ([^}]+)\}/g)) {
          const secret = [...proxy.bearers].find((bearer) => maskSecret(bearer) === m[2]);
          if (secret !== undefined) env[m[1] ?? ''] = secret;
        }
        const replayed = await sh(script, env);
        const line = new RegExp(`^# step ${(failing ?? 0) + 1} answered (\\S*) \\(the run saw (\\S+?)[;)]`, 'm').exec(replayed.stdout);
        results.push({ check: check.id, got: line?.[1] ?? `no status line: ${replayed.stderr.slice(-300)}`, saw: line?.[2] });
        expect(script).not.toMatch(/^(?:PATH|IFS|HOME)=/m);
      }
      console.info(`replayed ${failed.length} scripts through the hostile target: ${results.filter((r) => r.got === r.saw).length} got the failing status back`);
      expect(results.filter((r) => r.got !== r.saw)).toEqual([]);
      expect(existsSync(mark)).toBe(false);
    } finally {
      await proxy.close();
      await reference.close();
    }
  });
});
