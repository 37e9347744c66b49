// The README's recipes as the docs tests run them: each fenced block that follows a `<!-- recipe: NAME -->`
// line, read from README.md itself (never a copy), and the few things a test puts in place of what the
// reader puts there: the image of the implementation under test (`my-impl:1.2.3`) and, for a service on
// this machine's network, its port (8080, replaced by a free one so that the test never collides).
// Also a minimal reading of what GitHub and GitLab do with such YAML: `${{ ... }}` expressions of inputs,
// secrets and steps, and the jobs' steps and scripts, so that a test can run them as a runner would.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
export const readmePath = fileURLToPath(new URL('../../README.md', import.meta.url));

/** What a reader replaces in every recipe: their implementation's image. */
export const implementationImage = 'my-impl:1.2.3';
/** The port the recipes give the implementation. */
export const implementationPort = '8080';

export interface Recipe {
  name: string;
  /** The language of the fence (sh, yaml). */
  lang: string;
  text: string;
}

/** Every recipe of the README, in order. */
export function readmeRecipes(readme = readFileSync(readmePath, 'utf8')): Recipe[] {
  const recipes: Recipe[] = [];
  const pattern = /^<!-- recipe: ([a-z0-9-]+) -->\n```(\w*)\n([\s\S]*?)\n```$/gm;
  for (const match of readme.matchAll(pattern)) recipes.push({ name: match[1] ?? '', lang: match[2] ?? '', text: `${match[3] ?? ''}\n` });
  return recipes;
}

export function readmeRecipe(name: string): Recipe {
  const recipe = readmeRecipes().find((r) => r.name === name);
  if (recipe === undefined) throw new Error(`README.md has no recipe '${name}' (a fenced block after <!-- recipe: ${name} -->)`);
  return recipe;
}

/** The recipe's text with the reader's image (and, when given, port) replaced; each must occur in it. */
export function withImplementation(text: string, replace: { image?: string; port?: number }): string {
  let out = text;
  if (replace.image !== undefined) {
    if (!out.includes(implementationImage)) throw new Error(`the recipe does not name ${implementationImage}`);
    out = out.split(implementationImage).join(replace.image);
  }
  if (replace.port !== undefined) {
    if (!out.includes(`:${implementationPort}`)) throw new Error(`the recipe does not name port ${implementationPort}`);
    out = out.replace(new RegExp(`(?<=[:\\s])${implementationPort}\\b`, 'g'), String(replace.port));
  }
  return out;
}

export interface Expressions {
  inputs?: Record<string, string>;
  secrets?: Record<string, string>;
  steps?: Record<string, { outputs: Record<string, string> }>;
  github?: Record<string, string>;
}

/**
 * `${{ inputs.x }}`, `${{ secrets.X }}`, `${{ steps.id.outputs.x }}` and `${{ github.x }}` as GitHub
 * evaluates them (a missing secret is empty). Any other expression is refused: a test must not pretend.
 */
export function evaluate(text: string, context: Expressions): string {
  return text.replace(/\$\{\{\s*([^}]*?)\s*\}\}/g, (_whole, expression: string) => {
    const [root, ...path] = expression.split('.');
    if (root === 'inputs' && path.length === 1) return context.inputs?.[path[0] ?? ''] ?? '';
    if (root === 'secrets' && path.length === 1) return context.secrets?.[path[0] ?? ''] ?? '';
    if (root === 'github' && path.length === 1) return context.github?.[path[0] ?? ''] ?? '';
    if (root === 'steps' && path.length === 3 && path[1] === 'outputs') return context.steps?.[path[0] ?? '']?.outputs[path[2] ?? ''] ?? '';
    throw new Error(`expression not understood by the docs test: \${{ ${expression} }}`);
  });
}

export interface WorkflowStep {
  name?: string;
  id?: string;
  if?: string;
  run?: string;
  uses?: string;
  shell?: string;
  with?: Record<string, string | number | boolean>;
  env?: Record<string, string>;
}

export interface WorkflowJob {
  'runs-on': string;
  steps: WorkflowStep[];
}

export function parseWorkflow(text: string): { jobs: Record<string, WorkflowJob> } {
  return parse(text) as { jobs: Record<string, WorkflowJob> };
}

export interface GitlabJob {
  image: { name: string; entrypoint?: string[] };
  services: Array<{ name: string; alias: string }>;
  variables?: Record<string, string>;
  script: string[];
  artifacts?: { when?: string; paths?: string[]; reports?: { junit?: string } };
}

export function parseGitlab(text: string): Record<string, GitlabJob> {
  return parse(text) as Record<string, GitlabJob>;
}

export interface ActionInput {
  description: string;
  required?: boolean;
  default?: string;
}

export interface CompositeAction {
  name: string;
  inputs: Record<string, ActionInput>;
  outputs: Record<string, { value: string }>;
  runs: { using: string; steps: WorkflowStep[] };
}

export function readAction(): CompositeAction {
  return parse(readFileSync(new URL('../../action.yml', import.meta.url), 'utf8')) as CompositeAction;
}

export interface ShellRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** A script as GitHub's `shell: bash` runs it (`bash --noprofile --norc -eo pipefail`), bounded in time. */
export function runBash(script: string, options: { cwd: string; env?: Record<string, string>; timeoutMs: number }): Promise<ShellRun> {
  return new Promise((resolve) => {
    const child = execFile('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', script], { cwd: options.cwd, env: { ...process.env, ...options.env }, timeout: options.timeoutMs, maxBuffer: 64 * 1024 * 1024 }, (_error, stdout, stderr) => {
      resolve({ code: child.exitCode, stdout, stderr });
    });
    child.stdin?.end();
  });
}

/** The last lines of a run, for an assertion's message. */
export function transcript(run: ShellRun): string {
  return `exit ${run.code}\n${run.stdout.split('\n').slice(-30).join('\n')}\n${run.stderr.split('\n').slice(-15).join('\n')}`;
}
