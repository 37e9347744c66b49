// The console's table of outcomes by area, with a total row. Pure: text out.
import { countOutcomes, type CheckResult, type Counts } from '../../results/model.js';

/** Columns of the area table; a column that is zero everywhere is left out. */
const columns: Array<[string, (c: Counts) => number]> = [
  ['passed', (c) => c.passed + c.warning],
  ['failed', (c) => c.failed],
  ['expected', (c) => c.expectedFailure],
  ['error', (c) => c.error],
  ['not verifiable', (c) => c.notVerifiable],
  ['not run', (c) => c.notRun],
  ['not claimed', (c) => c.notClaimed],
  ['skipped', (c) => c.skipped],
];

export function areaTable(checks: readonly CheckResult[]): string {
  const areas = [...new Set(checks.map((c) => c.area))].sort();
  const total = countOutcomes(checks);
  const shown = columns.filter(([name, count]) => ['passed', 'failed', 'not verifiable', 'skipped'].includes(name) || count(total) > 0);
  const rows = areas.map((area) => {
    const counts = countOutcomes(checks.filter((c) => c.area === area));
    return [area, ...shown.map(([, count]) => count(counts))];
  });
  rows.push(['total', ...shown.map(([, count]) => count(total))]);
  const header = ['area', ...shown.map(([name]) => name)];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (cells: readonly (string | number)[]) => cells.map((cell, i) => (i === 0 ? String(cell).padEnd(widths[i] ?? 0) : String(cell).padStart(widths[i] ?? 0))).join('  ');
  return [line(header), ...rows.map(line)].join('\n');
}
