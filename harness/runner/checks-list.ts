// The committed list of every check (spec/checks.yaml): each id with the file that declares it and the clauses
// it cites. Some ids are built in code (a generated check's name joins an operation id to a slug), so no grep of
// the sources finds them; this list does, and review sees a check added, renamed or removed as a line that
// changes, as Kubernetes keeps its conformance test list.
import { Document, visit } from 'yaml';
import type { CollectedCheck } from './collect-checks.js';

const header = [
  ' Every check of suites/, by id: the file that declares it and the clauses it cites.',
  ' Written by `npm run spec:checks`; test/checks-list.test.ts fails when it is stale. Do not edit by hand.',
].join('\n');

/** The list's text for these checks: sorted by id, one entry a check. */
export function renderChecksList(checks: readonly Pick<CollectedCheck, 'id' | 'file' | 'clauses'>[]): string {
  const sorted = [...checks].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const entries = Object.fromEntries(sorted.map((check) => [check.id, { file: check.file, clauses: [...check.clauses] }]));
  const doc = new Document({ checks: entries });
  // A check's clauses on its own line: a clause added or dropped is a one-line change in review.
  visit(doc, {
    Seq(_, node) {
      node.flow = true;
    },
  });
  doc.commentBefore = header;
  return doc.toString({ lineWidth: 0, flowCollectionPadding: false });
}
