// Failures name the clause really broken (issue 30), end to end through `mcs certify` against the reference
// with a fault: a step a check stands on that breaks its own clause fails the check on that clause, named as a
// prerequisite, and leaves the check's own clause not verifiable; a write whose answer differs from its
// read-back fails on the write's clause; a negative offset the target takes is a warning, not a silent pass.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startReference, type ReferenceOptions } from '../../reference/index.js';
import type { RunReport } from '../../results/model.js';
import { referenceTargetEnv } from '../mutants/catalog.js';
import { timeLimit } from '../support/pace.js';
import { runMcs } from '../support/run-mcs.js';

/** A certify of one check against a reference started here: a start of the command and some 15 s of work. */
const oneCheckRun = { mcsRuns: 1, quietMs: 15_000 };

const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

async function certify(reference: Pick<ReferenceOptions, 'faults' | 'variant'>, only: string[]): Promise<RunReport> {
  const target = await startReference({ ...reference, log: () => undefined });
  const reportsDir = await mkdtemp(join(tmpdir(), 'mcs-attribution-'));
  dirs.push(reportsDir);
  try {
    const { urls } = target;
    const args = ['certify', '--base-url', urls.base, '--v2-base-url', urls.v2, '--control-url', urls.control, '--reports-dir', reportsDir, '--seed', '1', ...only.flatMap((id) => ['--only', id])];
    await runMcs(args, { work: oneCheckRun, env: referenceTargetEnv });
    return JSON.parse(await readFile(join(reportsDir, 'report.json'), 'utf8')) as RunReport;
  } finally {
    await target.close();
  }
}

describe('failures name the clause really broken', () => {
  it('a priority that cannot be made fails the id check on priorities.create.201 as a prerequisite; its own clause is not verifiable', async () => {
    const report = await certify({ faults: ['priorities.create.404'] }, ['contacts/ids-are-unique-across-organizations']);
    const check = report.checks.find((c) => c.id === 'contacts/ids-are-unique-across-organizations');
    expect(check?.outcome).toBe('failed');
    expect(check?.failure?.brokenClause).toEqual({ clause: 'priorities.create.201', operation: 'createPriority', as: 'prerequisite' });
    expect(check?.failure?.message).toMatch(/^prerequisite createPriority failed \(clause priorities\.create\.201\)/);
    const coverage = Object.fromEntries(report.coverage.map((c) => [c.id, c.result]));
    expect(coverage['priorities.create.201']).toBe('failed');
    expect(coverage['ids.prefix.globally-unique']).toBe('not-verifiable');
  }, timeLimit(oneCheckRun));

  it('a merge answer without the survivor tags a read shows fails on the merge answer clause', async () => {
    const report = await certify({ faults: ['contacts.merge.answer-drops-survivor-tags'] }, ['contacts/merge-unions-tags']);
    const check = report.checks.find((c) => c.id === 'contacts/merge-unions-tags');
    expect(check?.outcome).toBe('failed');
    expect(check?.failure?.message).toMatch(/does not read back: tags/);
  }, timeLimit(oneCheckRun));

  it('a negative offset taken with 200 is a warning naming the constraint; refused, it passes', async () => {
    const id = 'pagination/out-of-schema-paging-values-are-refused-or-warned.v4.listContacts';
    const lenient = (await certify({ variant: { lenientPaging: true } }, [id])).checks.find((c) => c.id === id);
    expect(lenient?.outcome).toBe('warning');
    expect(lenient?.warnings?.join('\n')).toMatch(/accepted offset outside its stated constraint \(integer >= 0\)/);
    const strict = (await certify({}, [id])).checks.find((c) => c.id === id);
    expect(strict?.outcome).toBe('passed');
  }, timeLimit({ mcsRuns: 2, quietMs: 2 * oneCheckRun.quietMs })); // two runs
});
