// Checks grouped by area, in the order areas first appear in the run (the order the suites ran).
import type { CheckResult } from '../results/model.js';

export function groupByArea<T extends Pick<CheckResult, 'area'>>(checks: readonly T[]): Map<string, T[]> {
  const areas = new Map<string, T[]>();
  for (const check of checks) {
    const list = areas.get(check.area);
    if (list === undefined) areas.set(check.area, [check]);
    else list.push(check);
  }
  return areas;
}
