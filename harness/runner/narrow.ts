// A run with --only loads only the suite files that hold a selected check. Every other file would contribute
// nothing but excluded checks, yet loading it costs its imports and runs its hooks (a narrowed run of one
// check spent about four seconds on files it then skipped). The checks of the files left out are reported
// excluded, from the catalog, exactly as a file that ran would have reported them.
import type { CheckResult } from '../../results/model.js';
import { excludedResult } from './catalog-results.js';
import type { CheckCatalog } from './collect-checks.js';
import { isSelected, type Selection } from './selection.js';

export interface NarrowedRun {
  /** The suite files to run, relative to the project root. */
  files: string[];
  /** The checks of every other file, as the run would have reported them: excluded. */
  excluded: CheckResult[];
}

/**
 * The files of `catalog` a run of `selection` needs, or undefined when it needs them all: no --only, or a
 * selection that selects nothing the catalog knows (the run then reports each check excluded itself).
 * A file holding a test the catalog cannot judge (one not declared with check(), which no selection excludes)
 * is always run.
 */
export function narrowRun(catalog: CheckCatalog, selection: Selection): NarrowedRun | undefined {
  if (selection.only.length === 0) return undefined;
  const declared = new Map<string, number>();
  for (const check of catalog.checks) declared.set(check.file, (declared.get(check.file) ?? 0) + 1);
  const selecting = new Set(catalog.checks.filter((check) => isSelected(selection, check)).map((check) => check.file));
  if (selecting.size === 0) return undefined;
  const undeclared = Object.entries(catalog.testsPerFile).filter(([file, count]) => (declared.get(file) ?? 0) !== count).map(([file]) => file);
  const needed = new Set([...selecting, ...undeclared]);
  const excluded = catalog.checks.filter((check) => !needed.has(check.file)).map(excludedResult);
  return { files: [...needed].sort(), excluded };
}
