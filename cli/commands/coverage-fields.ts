// `mcs coverage --fields`: every field of every event and response object the description defines, and how the
// oracle judges it (harness/oracle/coverage.ts). Exit 1 when a field is left unjudged (no rule and no reason).
import { fieldRows, fieldTotals, formatFieldRows } from '../../harness/oracle/coverage.js';

export function printFields(json: boolean): number {
  const rows = fieldRows();
  const totals = fieldTotals(rows);
  if (json) process.stdout.write(`${JSON.stringify({ totals, fields: rows }, null, 2)}\n`);
  else process.stdout.write(formatFieldRows(rows));
  return totals.unjudged > 0 ? 1 : 0;
}
