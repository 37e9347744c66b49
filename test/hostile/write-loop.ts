// Writes two reports into one folder by turns, for ever, printing `wrote N` after each: the process that
// test/hostile/reports-whole.e2e.ts kills at random moments. Run with `node --import tsx`.
import { readFileSync } from 'node:fs';
import { writeReports } from '../../reports/index.js';
import type { RunReport } from '../../results/model.js';

const [dir, ...paths] = process.argv.slice(2);
if (dir === undefined || paths.length === 0) throw new Error('usage: write-loop.ts DIR REPORT.json...');
const reports = paths.map((path) => JSON.parse(readFileSync(path, 'utf8')) as RunReport);
for (let n = 0; ; n++) {
  await writeReports(reports[n % reports.length] as RunReport, dir);
  process.stdout.write(`wrote ${n}\n`);
}
