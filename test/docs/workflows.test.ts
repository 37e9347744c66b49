// Every workflow under .github/workflows/ and the action's metadata (action.yml) are valid as GitHub reads
// them: validated with GitHub's own parser and schemas (@actions/workflow-parser, from actions/languageservices:
// workflow-v1.0 and action-v1.0), not a schema of ours. A parser that accepted anything would prove nothing, so
// the same check is shown to refuse a misspelt key in each kind of file.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { tsImport } from 'tsx/esm/api';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { repoRoot } from './recipes.js';

// Loaded through tsx: the parser imports its schemas as JSON modules without an import attribute, which Node 20
// refuses from vitest's native loading of node_modules, and tsx's loader takes.
type WorkflowParser = typeof import('@actions/workflow-parser');
type ActionParser = typeof import('@actions/workflow-parser/actions/action-parser');
const { convertWorkflowTemplate, NoOperationTraceWriter, parseWorkflow } = (await tsImport('@actions/workflow-parser', import.meta.url)) as WorkflowParser;
const { parseAction } = (await tsImport('@actions/workflow-parser/actions/action-parser', import.meta.url)) as ActionParser;

const workflowsDir = join(repoRoot, '.github', 'workflows');
const workflowFiles = readdirSync(workflowsDir).filter((name) => /\.ya?ml$/.test(name));

/** The errors GitHub's parser finds in a workflow, after parsing and after converting it as a run would. */
async function workflowErrors(name: string, content: string): Promise<string[]> {
  const parsed = parseWorkflow({ name, content }, new NoOperationTraceWriter());
  const errors = parsed.context.errors.getErrors().map((error) => error.message);
  if (errors.length > 0 || parsed.value === undefined) return errors.length > 0 ? errors : [`${name}: nothing parsed`];
  const template = await convertWorkflowTemplate(parsed.context, parsed.value);
  return (template.errors ?? []).map((error) => error.Message);
}

function actionErrors(content: string): string[] {
  return parseAction({ name: 'action.yml', content }, new NoOperationTraceWriter()).context.errors.getErrors().map((error) => error.message);
}

describe('GitHub workflow files', () => {
  it('include the release workflow', () => {
    expect(workflowFiles).toContain('release.yml');
  });

  it.each(workflowFiles)('%s is valid against GitHub\'s workflow schema', async (file) => {
    expect(await workflowErrors(file, readFileSync(join(workflowsDir, file), 'utf8'))).toEqual([]);
  });

  it('a misspelt key is refused (the check can fail)', async () => {
    const broken = readFileSync(join(workflowsDir, 'release.yml'), 'utf8').replace('runs-on: ubuntu-latest', 'runs_on: ubuntu-latest');
    expect((await workflowErrors('release.yml', broken)).join('\n')).toMatch(/runs_on/);
  });

  it('release.yml publishes what the README names: the npm package with provenance, both images at the version', () => {
    const release = parse(readFileSync(join(workflowsDir, 'release.yml'), 'utf8')) as { on: { push: { tags: string[] } }; jobs: Record<string, { needs?: string; permissions?: Record<string, string>; steps: { run?: string }[] }> };
    expect(release.on.push.tags).toEqual(['v*.*.*']);
    const runs = (job: string) => release.jobs[job]?.steps.map((step) => step.run ?? '').join('\n') ?? '';
    expect(runs('test')).toContain('bash .ci/run');
    expect(runs('npm')).toContain('npm publish --provenance');
    expect(release.jobs.npm?.permissions?.['id-token']).toBe('write');
    expect(runs('images')).toContain('npm run image:build');
    expect(runs('images')).toMatch(/for image in mcs mcs-reference; do/);
    expect(runs('images')).toContain('org.opencontainers.image.version');
    expect(release.jobs.images?.permissions?.packages).toBe('write');
    for (const job of ['npm', 'images']) expect(release.jobs[job]?.needs).toBe('test');
  });
});

describe('action.yml', () => {
  const text = readFileSync(join(repoRoot, 'action.yml'), 'utf8');

  it("is valid against GitHub's action metadata schema", () => {
    expect(actionErrors(text)).toEqual([]);
  });

  it('a misspelt key is refused (the check can fail)', () => {
    expect(actionErrors(text.replace('using: composite', 'usign: composite')).join('\n')).toMatch(/usign|using/);
  });

  it('cites only test files that exist', () => {
    const cited = [...text.matchAll(/\btest\/[\w./-]+\.ts\b/g)].map((match) => match[0]);
    expect(cited.length).toBeGreaterThan(0);
    for (const file of cited) expect(() => readFileSync(join(repoRoot, file)), file).not.toThrow();
  });
});
