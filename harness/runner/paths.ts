// Where the project and its conformance suites are, wherever it is installed.
import { fileURLToPath } from 'node:url';

export const projectRoot = fileURLToPath(new URL('../../', import.meta.url));
export const suitesDir = fileURLToPath(new URL('../../suites/', import.meta.url));
/** The vitest config the suites run with (suites/vitest.config.ts). */
export const suitesConfig = fileURLToPath(new URL('../../suites/vitest.config.ts', import.meta.url));

/**
 * The vitest options of a run of the suites (`config`, by default theirs), or, with `include`, of other files
 * run with the same settings (the harness's own tests run sample suites): one project of those files in place
 * of the config's projects, which an `include` of the run's own would not reach.
 */
export function suitesVitestOptions(include?: string[], config = suitesConfig) {
  return { config, root: projectRoot, ...(include ? { projects: [{ extends: config, test: { name: 'custom', include } }] } : {}) };
}
