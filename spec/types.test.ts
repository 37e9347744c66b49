// spec/types/ is committed generated code: it must equal a fresh generation and typecheck on its own
// (the project tsconfig skips .d.ts files via skipLibCheck, so this test checks them explicitly).
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { timeLimit } from '../test/support/pace.js';
import { specFiles } from './index.js';
import { generateTypesSource, openApiNames, typesFile } from './scripts/types-source.js';

const repoRoot = join(specFiles.clauses, '..', '..');

describe.each(openApiNames)('spec/types/%s.d.ts', (name) => {
  it('equals a fresh generation (run `npm run spec:types` after changing the spec)', async () => {
    const committed = readFileSync(typesFile(name), 'utf8');
    const fresh = await generateTypesSource(name);
    expect(committed === fresh, `spec/types/${name}.d.ts is stale: run npm run spec:types`).toBe(true);
  });
});

/** tsc over the three declaration files: about 8 s of a quiet machine's CPU. */
const typecheckWork = { nodeRuns: 1, quietMs: 8_000 };

describe('spec/types', () => {
  it('typechecks strictly, declaration files included', async () => {
    const tsc = join(repoRoot, 'node_modules', '.bin', 'tsc');
    const args = ['--noEmit', '--strict', '--skipLibCheck', 'false', '--types', 'node', ...openApiNames.map(typesFile)];
    const result = await promisify(execFile)(tsc, args, { cwd: repoRoot, timeout: timeLimit(typecheckWork) }).then(
      () => '',
      (error: { stdout?: string; message: string }) => error.stdout || error.message,
    );
    expect(result).toBe('');
  }, timeLimit(typecheckWork));
});
