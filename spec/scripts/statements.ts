// npm run spec:statements — keeps the statement ledger (spec/statements.yaml) in step with the description:
// what is wrong with its rows (a quote the description no longer holds in that section, a clause that does not
// exist, an id used twice, a section without a row), then every sentence or table row of the description with
// words no row quotes yet: the candidates for new rows. Exits 1 on a problem; candidates alone exit 0.
// Judging the rows needs the checks and the faults: `npx mcs coverage --statements`.
import { readFileSync } from 'node:fs';
import { loadClauses, serviceDescriptionPath } from '../index.js';
import { describedSections } from '../statements/description-text.js';
import { loadStatements } from '../statements/index.js';
import { staticProblems, uncoveredCandidates } from '../statements/ledger.js';

try {
  process.exitCode = main();
} catch (error) {
  console.error(`spec:statements failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}

function main(): number {
  const ledger = loadStatements();
  const sections = describedSections(readFileSync(serviceDescriptionPath, 'utf8'));
  const problems = staticProblems(ledger, sections, new Set(loadClauses().map((clause) => clause.id)));
  const candidates = uncoveredCandidates(ledger, sections);
  const lines: string[] = [];
  let section = '';
  for (const candidate of candidates) {
    if (candidate.section !== section) {
      section = candidate.section;
      lines.push('', `§ ${section}`);
    }
    lines.push(`  ${candidate.text}`, `    unquoted: ${candidate.words.join(' ')}`);
  }
  for (const problem of problems) lines.push(`problem: ${problem}`);
  const total = sections.reduce((sum, s) => sum + s.candidates.length, 0);
  lines.push('', `${ledger.statements.length} statements, ${ledger.notNormative.length} not normative; ${candidates.length} of ${total} sentences and table rows hold words no row quotes; ${problems.length} problem(s)`);
  console.log(lines.join('\n').trimStart());
  return problems.length > 0 ? 1 : 0;
}
