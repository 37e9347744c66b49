// Where the project and its conformance suites are, wherever it is installed.
import { fileURLToPath } from 'node:url';

export const projectRoot = fileURLToPath(new URL('../../', import.meta.url));
export const suitesDir = fileURLToPath(new URL('../../suites/', import.meta.url));
/** The vitest config the suites run with (suites/vitest.config.ts). */
export const suitesConfig = fileURLToPath(new URL('../../suites/vitest.config.ts', import.meta.url));
