// spec/checks.yaml is the committed list of every check id with its file and clauses (issue 41): a check added,
// renamed or removed shows in review as a changed line, and a report's check id can be found with grep.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { checkCatalog } from '../harness/runner/check-catalog.js';
import type { CollectedCheck } from '../harness/runner/collect-checks.js';
import { renderChecksList } from '../harness/runner/checks-list.js';
import { projectRoot, suitesConfig } from '../harness/runner/paths.js';

describe('spec/checks.yaml', () => {
  let checks: CollectedCheck[] = [];
  beforeAll(async () => {
    // Collecting imports every suite file (cached by a hash of the sources): its time is the machine's, not ours.
    checks = (await checkCatalog(suitesConfig)).checks;
  }, 300_000);

  it('lists every check of the suites as they are (npm run spec:checks writes it)', () => {
    const committed = readFileSync(join(projectRoot, 'spec', 'checks.yaml'), 'utf8');
    const stale = 'spec/checks.yaml is stale: run `npm run spec:checks` and commit it';
    expect(committed, stale).toBe(renderChecksList(checks));
  });

  it('renders one entry per check, sorted by id, that parses back to its file and clauses', () => {
    const text = renderChecksList([
      { id: 'b/two', file: 'suites/b/two.test.ts', clauses: ['x.y', 'x.z'] },
      { id: 'a/one', file: 'suites/a/one.test.ts', clauses: ['x.w'] },
    ]);
    expect(Object.keys(parse(text).checks)).toEqual(['a/one', 'b/two']);
    expect(parse(text).checks['b/two']).toEqual({ file: 'suites/b/two.test.ts', clauses: ['x.y', 'x.z'] });
    expect(text).toContain('  b/two:\n    file: suites/b/two.test.ts\n    clauses: [x.y, x.z]\n');
  });
});
