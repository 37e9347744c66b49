// The three OpenAPI files: valid, lint-clean, and covering every endpoint, error code and event type the
// description's tables name.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import SwaggerParser from '@apidevtools/swagger-parser';
import { beforeAll, describe, expect, it } from 'vitest';
import { timeLimit } from '../test/support/pace.js';
import { loadOpenApi, specFiles, type OpenApiName } from './index.js';
import { readDescriptionFacts } from './scripts/description.js';
import { asRecord, documentedErrorCodes, missingEndpoints, operations, pinnedStrings } from './scripts/inventory.js';
import { openApiNames } from './scripts/types-source.js';

const facts = readDescriptionFacts();
const repoRoot = join(specFiles.clauses, '..', '..');
/** A run of the redocly CLI on one file: a node start and about 3 s of a quiet machine. */
const lintWork = { nodeRuns: 1, quietMs: 3_000 };

describe.each(openApiNames)('%s.openapi.yaml', (name) => {
  it('validates with swagger-parser', async () => {
    await expect(SwaggerParser.validate(specFiles[name])).resolves.toBeTypeOf('object');
  });

  it('dereferences with swagger-parser', async () => {
    await expect(SwaggerParser.dereference(specFiles[name])).resolves.toBeTypeOf('object');
  });

  it('lints clean with redocly (no errors, no warnings)', async () => {
    const problems = await redoclyProblems(name);
    expect(problems).toEqual([]);
  }, timeLimit(lintWork));

  it('gives every operation an operationId and a tag', () => {
    const ops = [...operations(loadOpenApi(name)), ...operations(loadOpenApi(name), 'webhooks')];
    expect(ops.length).toBeGreaterThan(0);
    const lacking = ops.filter((op) => !op.operationId || op.tags.length === 0);
    expect(lacking.map((op) => `${op.source}: ${op.method} ${op.path}`)).toEqual([]);
  });
});

describe.each(['v4', 'v2'] as const)('endpoint rows of the description in %s', (api) => {
  it('are all declared', () => {
    const described = facts.endpoints.filter((endpoint) => endpoint.api === api);
    expect(described.length).toBeGreaterThan(0);
    const missing = missingEndpoints(described, loadOpenApi(api));
    expect(missing.map((e) => `${e.method} ${e.path} (${e.subsection})`)).toEqual([]);
  });
});

describe('section 7 error codes', () => {
  let specText = '';
  beforeAll(() => {
    specText = [specFiles.v4, specFiles.v2].map((file) => readFileSync(file, 'utf8')).join('\n');
  });

  it.each(facts.errorCodes.map(({ code }) => code))('%s appears in the v4 or v2 spec', (code) => {
    expect(specText).toMatch(new RegExp(`\\b${code}\\b`));
  });

  it.each(facts.errorCodes.map(({ status, code }) => [code, status] as const))(
    '%s is in the x-error-codes of a %i response',
    (code, status) => {
      const documented = new Set([...documentedErrorCodes(loadOpenApi('v4')), ...documentedErrorCodes(loadOpenApi('v2'))]);
      expect(documented).toContain(`${status} ${code}`);
    },
  );
});

describe('section 6 event types', () => {
  it.each(facts.eventTypes)('%s is a v4 webhook', (eventType) => {
    const webhooks = loadOpenApi('v4')['webhooks'];
    const declared = new Set([...Object.keys(asRecord(webhooks)), ...pinnedStrings(webhooks)]);
    expect(declared).toContain(eventType);
  });
});

interface RedoclyProblem {
  ruleId: string;
  severity: string;
  message: string;
  location: { pointer?: string }[];
}

/** Runs the redocly CLI on one file with the project's config; each problem as "severity rule pointer: message". */
async function redoclyProblems(name: OpenApiName): Promise<string[]> {
  const args = ['lint', '--config', 'spec/redocly.yaml', specFiles[name], '--format=json'];
  const bin = join(repoRoot, 'node_modules', '.bin', 'redocly');
  // Exit status 1 just means errors were found; the JSON on stdout says which.
  const { stdout } = await promisify(execFile)(bin, args, { cwd: repoRoot, timeout: timeLimit(lintWork) }).catch(
    (error: { stdout?: string; stderr?: string; message: string }) => {
      if (!error.stdout) throw new Error(`redocly did not run: ${error.stderr ?? error.message}`);
      return { stdout: error.stdout };
    },
  );
  const report = JSON.parse(stdout) as { problems: RedoclyProblem[] };
  return report.problems.map((p) => `${p.severity} ${p.ruleId} ${p.location[0]?.pointer ?? ''}: ${p.message}`);
}
