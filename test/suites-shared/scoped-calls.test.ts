// Every operation a scope guards is called with exactly its scope: by the auth suite's own call, or by the
// check it names as calling it already (which must exist).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { operationsOf } from '../../harness/check/index.js';
import { scopedCalls } from '../../suites/auth/scoped-calls.js';
import { repoRoot } from '../support/run-mcs.js';

/** The check names declared in the files of one suites area. */
function checkNames(area: string): string[] {
  const dir = join(repoRoot, 'suites', area);
  return readdirSync(dir)
    .filter((file) => file.endsWith('.test.ts'))
    .flatMap((file) => [...readFileSync(join(dir, file), 'utf8').matchAll(/name: '([^']+)'/g)].map((m) => m[1] ?? ''));
}

describe('scoped calls', () => {
  const guarded = operationsOf('v4').filter((operation) => operation.security.some((s) => s.scheme === 'appToken' && s.scopes.length > 0));

  it('cover every operation the spec guards with a scope', () => {
    expect(guarded.length).toBeGreaterThan(0);
    expect(guarded.filter((operation) => scopedCalls[operation.operationId] === undefined).map((operation) => operation.operationId)).toEqual([]);
  });

  it('name only checks that exist where another check makes the call', () => {
    for (const [operationId, call] of Object.entries(scopedCalls)) {
      if (!('elsewhere' in call)) continue;
      const [area, name] = call.elsewhere.split('/');
      expect(checkNames(area ?? ''), `${operationId}: ${call.elsewhere}`).toContain(name);
    }
  });
});
