// npm run spec:checks — writes spec/checks.yaml from the suites as vitest collects them (harness/runner/checks-list.ts).
// With --check it writes nothing and exits 1 when the committed list differs from the suites.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { checkCatalog } from '../../harness/runner/check-catalog.js';
import { renderChecksList } from '../../harness/runner/checks-list.js';
import { projectRoot, suitesConfig } from '../../harness/runner/paths.js';

const listPath = join(projectRoot, 'spec', 'checks.yaml');

async function main(): Promise<number> {
  const text = renderChecksList((await checkCatalog(suitesConfig)).checks);
  if (!process.argv.includes('--check')) {
    await writeFile(listPath, text);
    console.log(`spec:checks: wrote ${listPath}`);
    return 0;
  }
  const committed = await readFile(listPath, 'utf8').catch(() => '');
  if (committed === text) return 0;
  console.error('spec:checks: spec/checks.yaml is stale; run `npm run spec:checks` and commit it');
  return 1;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(`spec:checks: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
    process.exitCode = 2;
  },
);
