// Default output location: ./reports/load/ under the folder the command runs in (beside certify's
// ./reports/out/), one file per run, named by what ran and when; never inside the installed package, where
// an `npm install`ed tool would write into node_modules. --out FILE writes elsewhere.
import { resolve } from 'node:path';

/** The folder `mcs load` writes to without --out, relative to the working directory. */
export const defaultOutDir = 'reports/load';

export function defaultOutPath(stem: string, extension = 'json', cwd = process.cwd()): string {
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  return resolve(cwd, defaultOutDir, `${stem}-${stamp}.${extension}`);
}
