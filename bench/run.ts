// `npm run bench`: runs every bench/*.bench.ts in turn (never in parallel: they measure the same two cores)
// and prints their rows. Each row is a ratio measured side by side within one run, so it means the same
// thing on a busy machine as on an idle one; absolute times are printed only as context.
import { readdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

export interface BenchRow {
  name: string;
  ratio: number;
  goal: string;
  detail: string;
}

type Bench = () => Promise<BenchRow[]>;

const here = fileURLToPath(new URL('.', import.meta.url));
const only = process.argv.slice(2);
const files = (await readdir(here)).filter((f) => f.endsWith('.bench.ts')).sort();
const selected = only.length === 0 ? files : files.filter((f) => only.some((o) => f.includes(o)));
let failed = false;
for (const file of selected) {
  process.stdout.write(`\n# ${file}\n`);
  try {
    const bench = (await import(new URL(file, import.meta.url).href)) as { default: Bench };
    for (const row of await bench.default()) {
      const ratio = Number.isFinite(row.ratio) ? row.ratio.toFixed(3) : 'n/a';
      process.stdout.write(`${row.name.padEnd(44)} ratio ${ratio.padStart(7)}  (goal ${row.goal})  ${row.detail}\n`);
    }
  } catch (error) {
    failed = true;
    process.stdout.write(`${file}: could not run: ${error instanceof Error ? error.message : String(error)}\n`);
  }
}
process.exitCode = failed ? 1 : 0;
