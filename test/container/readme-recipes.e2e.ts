// The README's recipes, run as written (issue 32 item 1), each against the reference image in place of the
// reader's `my-impl:1.2.3`, each to a conformant verdict with exit 0:
//   docker          the block run by bash: the service started with `docker run -d`, then the tool's image
//                   certifies it with --wait-for-target (the service is still starting when it begins);
//   github-actions  the job's YAML parsed and checked against the job it describes (ubuntu runner, the steps,
//                   the actions it uses and the paths they read), its `run:` steps run in order as the
//                   runner's bash would, and the files the `uses:` steps read checked after;
//   gitlab          the job's image run with its script on a user-defined Docker network, the service under
//                   test started from `services:` under its alias: the service reaches the tool's webhook
//                   receiver in the other container (--webhook-listen 0.0.0.0 and --webhook-public-url);
//   github-action   the workflow that `uses:` this repository: action.yml's composite steps run as a runner
//                   runs them (inputs from the workflow's `with:`, the action's folder a copy of this
//                   repository, its own `npm ci --omit=dev`), and its `verdict` output read back.
// Port 8080 of the host-network recipes is replaced by a free port, so that the test never collides.
// Without a Docker engine the tests are skipped with one line saying so (`npm test` never runs them; CI runs
// `npm run test:container` after scripts/ci/docker.sh).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dockerAvailable } from '../../harness/container/index.js';
import { evaluate, parseGitlab, parseWorkflow, readAction, readmeRecipe, repoRoot, runBash, transcript, withImplementation, type WorkflowStep } from '../docs/recipes.js';
import { docker, freeLoopbackPort, run } from './support.js';
import { timeLimit } from '../support/pace.js';

const LABEL = 'org.mcs-conformance.readme-recipes-test';
const REFERENCE_IMAGE = 'mcs-reference:local';
const RECIPE_TIMEOUT_MS = timeLimit({ quietMs: 120_000 });
const version = (JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { version: string }).version;

const engine = await dockerAvailable();
const skipNote = engine.ok ? '' : `README recipe tests skipped: ${engine.reason} (start one with scripts/ci/docker.sh)`;
if (!engine.ok) console.info(skipNote);

const dir = mkdtempSync(join(tmpdir(), 'mcs-readme-recipes-'));

/** The reference image on this machine's network, listening where the recipe's 8080 was moved to. */
const referenceOnHost = (port: number) => `--label ${LABEL} --env MCS_HOST=127.0.0.1 --env MCS_PORT=${port} ${REFERENCE_IMAGE}`;

async function removeOurs(): Promise<void> {
  const ids = (await docker(['ps', '-a', '-q', '--filter', `label=${LABEL}`])).split('\n').filter(Boolean);
  if (ids.length > 0) await docker(['rm', '-f', ...ids]);
}

function readJson<T>(path: string): T {
  return JSON.parse(readFileSync(path, 'utf8')) as T;
}

/** What every recipe must leave: a conformant certificate and the reports in `out`. */
function expectConformantReports(out: string): void {
  for (const file of ['report.json', 'junit.xml', 'report.html', 'certificate.json', 'badge.svg']) expect(existsSync(join(out, file)), `${file} in ${out}`).toBe(true);
  expect(readJson<{ status: string; issued: boolean }>(join(out, 'certificate.json'))).toMatchObject({ status: 'conformant', issued: true });
  expect(readFileSync(join(out, 'junit.xml'), 'utf8')).toMatch(/<testsuites/);
}

describe.skipIf(!engine.ok)('the README recipes, run as written against the reference image', () => {
  beforeAll(async () => {
    // Cached layers make this quick when another container test (or npm run image:build) built them already.
    const build = await run('bash', ['scripts/image/build.sh'], { timeoutMs: timeLimit({ quietMs: 168_000 }) });
    expect(build.code, `npm run image:build failed:\n${build.stdout}\n${build.stderr}`).toBe(0);
  });

  afterAll(async () => {
    await removeOurs();
    rmSync(dir, { recursive: true, force: true });
  });

  it("image:build names the project's images at the version of package.json, with its OCI version label", async () => {
    const minor = version.split('.').slice(0, 2).join('.');
    for (const image of [`ghcr.io/mcs-conformance/mcs:${version}`, `ghcr.io/mcs-conformance/mcs:${minor}`, `ghcr.io/mcs-conformance/mcs-reference:${version}`]) {
      const label = await docker(['image', 'inspect', '--format', '{{ index .Config.Labels "org.opencontainers.image.version" }}', image]);
      expect(label.trim(), image).toBe(version);
    }
  });

  it('docker: the service started, then the tool image certifies it (waiting for it), exit 0, reports in ./out', async () => {
    const cwd = join(dir, 'docker');
    mkdirSync(cwd);
    const port = await freeLoopbackPort();
    const script = withImplementation(readmeRecipe('docker').text, { image: referenceOnHost(port), port });
    const result = await runBash(script, { cwd, timeoutMs: RECIPE_TIMEOUT_MS });
    await removeOurs();
    expect(result.code, transcript(result)).toBe(0);
    expect(result.stdout).toMatch(/^verdict: conformant: /m);
    expectConformantReports(join(cwd, 'out'));
  });

  it('github-actions: the job is the one described, its run steps pass as the runner runs them, the actions find their files', async () => {
    const workspace = join(dir, 'github-actions');
    mkdirSync(workspace);
    const port = await freeLoopbackPort();
    const workflow = parseWorkflow(withImplementation(readmeRecipe('github-actions').text, { image: referenceOnHost(port), port }));
    const job = workflow.jobs.conformance;
    if (job === undefined) throw new Error('the recipe has no job `conformance`');
    expect(job['runs-on']).toBe('ubuntu-latest');
    expect(job.steps.map((s) => s.uses ?? 'run')).toEqual(['run', 'run', 'mikepenz/action-junit-report@v4', 'actions/upload-artifact@v4']);
    let failed = false;
    for (const step of job.steps) {
      if (failed && step.if !== 'always()') continue;
      if (step.run !== undefined) {
        const result = await runBash(step.run, { cwd: workspace, env: { GITHUB_WORKSPACE: workspace, CI: 'true' }, timeoutMs: RECIPE_TIMEOUT_MS });
        expect(result.code, `step '${step.name}': ${transcript(result)}`).toBe(0);
        failed ||= result.code !== 0;
      } else checkAction(step, workspace);
    }
    await removeOurs();
    expectConformantReports(join(workspace, 'out'));
  });

  it('gitlab: the job image runs the script beside the service (its alias on one network); the service reaches the receiver', async () => {
    const projectDir = join(dir, 'gitlab');
    mkdirSync(projectDir);
    const job = parseGitlab(withImplementation(readmeRecipe('gitlab').text, { image: REFERENCE_IMAGE })).conformance;
    if (job === undefined) throw new Error('the recipe has no job `conformance`');
    expect(job.image).toEqual({ name: `ghcr.io/mcs-conformance/mcs:${version.split('.').slice(0, 2).join('.')}`, entrypoint: [''] });
    expect(job.services).toEqual([{ name: REFERENCE_IMAGE, alias: 'sut' }]);
    const network = `mcs-readme-${process.pid}`;
    await docker(['network', 'create', '--label', LABEL, network]);
    try {
      for (const service of job.services) await docker(['run', '-d', '--label', LABEL, '--network', network, '--network-alias', service.alias, service.name]);
      const variables = Object.entries({ ...job.variables, CI: 'true', CI_PROJECT_DIR: '/builds/project' }).flatMap(([name, value]) => ['--env', `${name}=${value}`]);
      // As GitLab's runner does: the script's lines in one shell, stopping at the first that fails.
      const script = ['set -e', ...job.script].join('\n');
      const result = await run('docker', ['run', '--rm', '--label', LABEL, '--network', network, '-v', `${projectDir}:/builds/project`, ...variables, '--entrypoint', job.image.entrypoint?.[0] ?? '', job.image.name, '/bin/sh', '-c', script], { timeoutMs: RECIPE_TIMEOUT_MS });
      expect(result.code, transcript(result)).toBe(0);
      expect(result.stdout).toMatch(/^verdict: conformant: /m);
      expect(job.artifacts?.paths).toEqual(['out/']);
      expect(job.artifacts?.reports?.junit).toBe('out/junit.xml');
      expectConformantReports(join(projectDir, 'out'));
      // The webhook checks judged deliveries the other container sent to this one's receiver.
      const report = readJson<{ checks: Array<{ area: string; outcome: string }> }>(join(projectDir, 'out', 'report.json'));
      const webhooks = report.checks.filter((c) => c.area === 'webhooks');
      expect(webhooks.length).toBeGreaterThan(0);
      expect(webhooks.filter((c) => c.outcome !== 'passed' && c.outcome !== 'warning')).toEqual([]);
    } finally {
      await removeOurs();
      await docker(['network', 'rm', network]).catch(() => undefined);
    }
  });

  it("github-action: a workflow that uses this repository's action.yml certifies, and its verdict output says conformant", async () => {
    const workspace = join(dir, 'github-action');
    const actionPath = join(dir, 'action');
    mkdirSync(workspace);
    stageRepository(actionPath);
    const port = await freeLoopbackPort();
    const workflow = parseWorkflow(withImplementation(readmeRecipe('github-action').text, { image: referenceOnHost(port), port }));
    const steps = workflow.jobs.conformance?.steps ?? [];
    const usesAction = steps.find((s) => s.uses?.startsWith('mcs-conformance/mcs-conformance@'));
    expect(usesAction?.uses).toBe(`mcs-conformance/mcs-conformance@v${version}`);
    let verdict: string | undefined;
    for (const step of steps) {
      if (step.run !== undefined) {
        const result = await runBash(step.run, { cwd: workspace, timeoutMs: RECIPE_TIMEOUT_MS });
        expect(result.code, transcript(result)).toBe(0);
      } else if (step === usesAction) {
        verdict = (await runCompositeAction(step, actionPath, workspace)).verdict;
      } else checkAction(step, workspace);
    }
    await removeOurs();
    expect(verdict).toBe('conformant');
    expectConformantReports(join(workspace, 'out'));
  });
});

it.runIf(!engine.ok)('README recipes (docker, GitHub Actions, GitLab, the action): skipped without a Docker engine', (ctx) => {
  ctx.skip(skipNote);
});

/** The actions the recipes use, and the paths of this job they read. */
function checkAction(step: WorkflowStep, workspace: string): void {
  if (step.uses === 'mikepenz/action-junit-report@v4') {
    const path = String(step.with?.report_paths ?? '');
    expect(readFileSync(join(workspace, path), 'utf8'), `${step.uses} reads ${path}`).toMatch(/<testsuites/);
  } else if (step.uses === 'actions/upload-artifact@v4') {
    const path = String(step.with?.path ?? '');
    expect(existsSync(join(workspace, path, 'report.html')), `${step.uses} uploads ${path}`).toBe(true);
    expect(step.if).toBe('always()');
  } else throw new Error(`the recipe uses an action the test does not know: ${step.uses}`);
}

/** This repository as `uses:` checks it out: its files (tracked and new), without node_modules. */
function stageRepository(into: string): void {
  mkdirSync(into);
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], { cwd: repoRoot }).toString().split('\0').filter((f) => f !== '' && existsSync(join(repoRoot, f)));
  execFileSync('tar', ['--null', '-cf', join(into, '..', 'action.tar'), '-T', '-'], { cwd: repoRoot, input: files.join('\0') });
  execFileSync('tar', ['-xf', join(into, '..', 'action.tar'), '-C', into]);
}

/** action.yml's composite steps as the runner runs them: inputs from `with:` over the defaults, outputs through GITHUB_OUTPUT. */
async function runCompositeAction(step: WorkflowStep, actionPath: string, workspace: string): Promise<Record<string, string>> {
  const action = readAction();
  expect(action.runs.using).toBe('composite');
  const given = Object.fromEntries(Object.entries(step.with ?? {}).map(([name, value]) => [name, evaluate(String(value), { secrets: {} })]));
  for (const name of Object.keys(given)) expect(Object.keys(action.inputs), `input ${name} of the recipe`).toContain(name);
  for (const [name, input] of Object.entries(action.inputs)) if (input.required === true) expect(given[name], `required input ${name}`).toBeDefined();
  const inputs = { ...Object.fromEntries(Object.entries(action.inputs).map(([name, input]) => [name, input.default ?? ''])), ...given };
  const steps: Record<string, { outputs: Record<string, string> }> = {};
  for (const inner of action.runs.steps) {
    if (inner.uses !== undefined) {
      // The one action it uses sets up Node.js; this machine has it, at the version the action asks for.
      expect(inner.uses).toBe('actions/setup-node@v4');
      expect(Number(process.versions.node.split('.')[0])).toBeGreaterThanOrEqual(Number(inner.with?.['node-version']));
      continue;
    }
    expect(inner.shell).toBe('bash');
    const outputFile = join(workspace, `.github-output-${inner.id ?? 'step'}`);
    writeFileSync(outputFile, '');
    const env = Object.fromEntries(Object.entries(inner.env ?? {}).map(([name, value]) => [name, evaluate(String(value), { inputs })]));
    const result = await runBash(evaluate(inner.run ?? '', { inputs }), {
      cwd: workspace,
      env: { ...env, GITHUB_ACTION_PATH: actionPath, GITHUB_WORKSPACE: workspace, GITHUB_OUTPUT: outputFile, npm_config_prefer_offline: 'true' },
      timeoutMs: RECIPE_TIMEOUT_MS,
    });
    expect(result.code, `action step '${inner.name}': ${transcript(result)}`).toBe(0);
    const outputs = Object.fromEntries(readFileSync(outputFile, 'utf8').split('\n').filter((l) => l.includes('=')).map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]));
    if (inner.id !== undefined) steps[inner.id] = { outputs };
  }
  return Object.fromEntries(Object.entries(action.outputs).map(([name, output]) => [name, evaluate(output.value, { inputs, steps })]));
}
