// The two tests of `npm test` that drive programs outside node_modules: Chromium (the HTML report in a real
// browser) and xmllint (junit.xml against the Jenkins XSD). README, "The two commands", names them. Where one
// is missing the test is skipped with one line saying what to install; in CI (CI set, or
// MCS_REQUIRE_PREREQUISITES=1) a missing one fails instead, so that CI never passes by skipping them.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { it } from 'vitest';

export interface Prerequisite {
  /** Undefined when present; else why the test cannot run and what to install. */
  missing: string | undefined;
  /** In CI a missing prerequisite fails the test rather than skipping it. */
  required: boolean;
}

function required(env: NodeJS.ProcessEnv): boolean {
  const ci = env.CI;
  return env.MCS_REQUIRE_PREREQUISITES === '1' || (ci !== undefined && ci !== '' && ci !== 'false' && ci !== '0');
}

export function chromium(executablePath: string, env: NodeJS.ProcessEnv = process.env): Prerequisite {
  return { missing: existsSync(executablePath) ? undefined : `Chromium not found at ${executablePath}: install Debian's chromium (apt-get install -y chromium, as .ci/run does) or set MCS_CHROMIUM`, required: required(env) };
}

export function xmllint(env: NodeJS.ProcessEnv = process.env): Prerequisite {
  const probe = spawnSync('xmllint', ['--version'], { stdio: 'ignore' });
  return { missing: probe.error === undefined ? undefined : 'xmllint not found: install libxml2-utils (apt-get install -y libxml2-utils, as .ci/run does)', required: required(env) };
}

/** Whether the tests that need it run; when they do not, one skipped test says why (and the line is printed). */
export function runsWith(prerequisite: Prerequisite, what: string): boolean {
  if (prerequisite.missing === undefined) return true;
  if (prerequisite.required) throw new Error(`${what}: ${prerequisite.missing}`);
  const note = `${what} skipped: ${prerequisite.missing}`;
  console.info(note);
  it(`${what}: skipped, a prerequisite is missing`, (ctx) => ctx.skip(note));
  return false;
}
