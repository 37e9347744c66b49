// The README's recipes, read without running them (part of `npm test`; running them is
// test/container/readme-recipes.e2e.ts and test/docs/tarball.e2e.ts): each exists, names only flags
// `mcs certify` has, gives the v2 base URL (a conformant target is otherwise "incomplete") and waits for a
// target still starting, names the project's own images at the version of package.json, and uses the
// action with inputs action.yml declares. action.yml itself passes its inputs as environment variables,
// never spliced into a script.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runMcs } from '../support/run-mcs.js';
import { parseGitlab, parseWorkflow, readAction, readmeRecipe, readmeRecipes, repoRoot } from './recipes.js';

const pkg = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { name: string; version: string; repository: { url: string } };
const minor = pkg.version.split('.').slice(0, 2).join('.');
const toolImage = `ghcr.io/mcs-conformance/mcs:${minor}`;

/** The `mcs certify` commands of a text (continuation lines joined, YAML folding undone). */
function certifyCommands(text: string): string[] {
  const joined = text.replace(/\\\n\s*/g, ' ');
  return joined.split('\n').filter((line) => /\bcertify\b/.test(line) && /--base-url/.test(line));
}

describe('the README recipes', () => {
  it('are the five a user copies: docker, GitHub Actions, GitLab, the action and npm', () => {
    expect(readmeRecipes().map((r) => r.name)).toEqual(['docker', 'github-actions', 'gitlab', 'github-action', 'npm']);
  });

  it('give the v2 base URL and wait for the target in every certify command, with flags mcs certify has', async () => {
    const help = await runMcs(['certify', '--help'], { timeoutMs: 60_000 });
    const gitlabScript = parseGitlab(readmeRecipe('gitlab').text).conformance?.script.join('\n') ?? '';
    const commands = [...certifyCommands(readmeRecipe('docker').text), ...certifyCommands(readmeRecipe('github-actions').text), ...certifyCommands(gitlabScript), ...certifyCommands(readmeRecipe('npm').text)];
    expect(commands).toHaveLength(4);
    for (const command of commands) {
      expect(command).toMatch(/--v2-base-url \S+\/v2\b/);
      expect(command).toMatch(/--wait-for-target \d+/);
      const mcsPart = command.slice(command.search(/\bcertify\b/));
      for (const flag of mcsPart.match(/--[a-z][a-z0-9-]*/g) ?? []) expect(help.stdout, `${flag} in: ${command}`).toContain(`${flag} `);
    }
  });

  it("name the project's own tool image at the minor version of package.json", () => {
    for (const name of ['docker', 'github-actions']) expect(readmeRecipe(name).text).toContain(`${toolImage} certify`);
    expect(parseGitlab(readmeRecipe('gitlab').text).conformance?.image).toEqual({ name: toolImage, entrypoint: [''] });
  });

  it('make the GitLab service reach the receiver in the job container', () => {
    const job = parseGitlab(readmeRecipe('gitlab').text).conformance;
    const script = job?.script.join('\n') ?? '';
    expect(script).toMatch(/--webhook-listen 0\.0\.0\.0:(\d+)/);
    const port = /--webhook-listen 0\.0\.0\.0:(\d+)/.exec(script)?.[1];
    expect(script).toMatch(new RegExp(`--webhook-public-url "http://\\$JOB_IP:${port}"`));
    expect(job?.services).toEqual([{ name: 'my-impl:1.2.3', alias: 'sut' }]);
    expect(job?.variables?.FF_NETWORK_PER_BUILD).toBe('true');
    expect(job?.artifacts).toEqual({ when: 'always', paths: ['out/'], reports: { junit: 'out/junit.xml' } });
  });

  it('use the action at the version of package.json, with inputs action.yml declares (and every required one)', () => {
    const action = readAction();
    const steps = parseWorkflow(readmeRecipe('github-action').text).jobs.conformance?.steps ?? [];
    const step = steps.find((s) => s.uses?.startsWith('mcs-conformance/mcs-conformance@'));
    expect(step?.uses).toBe(`mcs-conformance/mcs-conformance@v${pkg.version}`);
    expect(pkg.repository.url).toContain('github.com/mcs-conformance/mcs-conformance');
    const given = Object.keys(step?.with ?? {});
    expect(given.filter((name) => !(name in action.inputs))).toEqual([]);
    expect(Object.entries(action.inputs).filter(([name, input]) => input.required === true && !given.includes(name))).toEqual([]);
  });
});

describe('action.yml', () => {
  const action = readAction();
  const text = readFileSync(join(repoRoot, 'action.yml'), 'utf8');

  it('is a composite action whose expressions name declared inputs and steps only', () => {
    expect(action.runs.using).toBe('composite');
    for (const [, expression] of text.matchAll(/\$\{\{\s*([^}]*?)\s*\}\}/g)) {
      const [root, name] = (expression ?? '').split('.');
      if (root === 'inputs') expect(Object.keys(action.inputs)).toContain(name);
      else expect(expression).toMatch(/^steps\.certify\.outputs\.verdict$/);
    }
  });

  it('passes inputs to the tool as environment variables, never spliced into a script', () => {
    for (const step of action.runs.steps) expect(step.run ?? '').not.toContain('${{');
    const certify = action.runs.steps.find((s) => s.id === 'certify');
    expect(Object.keys(certify?.env ?? {})).toEqual(expect.arrayContaining(['MCS_BASE_URL', 'MCS_V2_BASE_URL', 'MCS_CONTROL_URL', 'MCS_API_KEY', 'MCS_APP_TOKEN', 'MCS_WAIT_FOR_TARGET_S']));
  });
});
