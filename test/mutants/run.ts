// `npm run mutants`: the true catch rate over every fault (known gaps included) and the benign pass rate.
//   --fault NAME      only this fault (repeatable); with --variant alone, no fault runs
//   --variant NAME    only this benign variant (repeatable); the baseline ("none") always runs
//   --seed N          fast-check seed of every run (default 1)
//   --concurrency N   runs in flight (default 2)
//   --cli             run each fault and variant through the `mcs certify` command in a child process
//                     (slower) instead of the suites worker (the certify runner, many runs per process)
//   --json OUT        also write the results as JSON
//   --checks          run every selected check of each fault (not only up to the first catch) and list the
//                     checks no fault fails (with every fault only)
// Exit 0 when every fault run is CAUGHT, every variant passes and (with --checks) every check is failed by
// some fault; 1 otherwise, 2 on bad arguments.
import { writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { loadKnownGaps } from './known-gaps.js';
import { defaultSeed, runMutants, type MutantResult } from './mutants.js';
import { faultLine, renderTable, variantLine } from './table.js';

function parse() {
  try {
    return parseArgs({
      strict: true,
      allowPositionals: false,
      options: {
        fault: { type: 'string', multiple: true },
        variant: { type: 'string', multiple: true },
        seed: { type: 'string' },
        concurrency: { type: 'string' },
        json: { type: 'string' },
        cli: { type: 'boolean' },
        checks: { type: 'boolean' },
      },
    }).values;
  } catch (error) {
    return usage((error instanceof Error ? error.message : String(error)).split('\n')[0] ?? 'bad arguments');
  }
}

function usage(message: string): never {
  process.stderr.write(`mutants: ${message}\nusage: npm run mutants -- [--fault NAME]... [--variant NAME]... [--seed N] [--concurrency N] [--cli] [--checks] [--json OUT]\n`);
  process.exit(2);
}

function integer(flag: string, text: string | undefined, min: number): number | undefined {
  if (text === undefined) return undefined;
  if (!/^\d+$/.test(text) || Number(text) < min) usage(`${flag} must be an integer >= ${min}, got '${text}'`);
  return Number(text);
}

const flags = parse();
const onlyVariants = flags.variant !== undefined && flags.fault === undefined;
const onlyFaults = flags.fault !== undefined && flags.variant === undefined;
const progress = (result: MutantResult) => process.stdout.write(`${result.kind === 'fault' ? faultLine(result) : variantLine(result)}\n`);
let report;
try {
  report = await runMutants({
    ...(flags.fault || onlyVariants ? { faults: flags.fault ?? [] } : {}),
    ...(flags.variant || onlyFaults ? { variants: flags.variant ?? [] } : {}),
    seed: integer('--seed', flags.seed, 0) ?? defaultSeed,
    concurrency: integer('--concurrency', flags.concurrency, 1) ?? 2,
    via: flags.cli ? 'cli' : 'worker',
    exhaustive: flags.checks === true,
    onResult: progress,
  });
} catch (error) {
  usage(error instanceof Error ? error.message : String(error));
}
process.stdout.write(`\n${renderTable(report, loadKnownGaps())}\n`);
if (flags.json !== undefined) await writeFile(flags.json, `${JSON.stringify(report, null, 2)}\n`);
if (flags.checks && report.unproven === undefined) process.stdout.write('checks no fault fails: not computed (needs every fault)\n');
if (report.unproven !== undefined) process.stdout.write(`checks no fault fails: ${report.unproven.length}${report.unproven.map((id) => `\n  ${id}`).join('')}\n`);
const perfect = report.faults.every((f) => f.verdict === 'CAUGHT') && report.variants.every((v) => v.verdict === 'PASS') && (report.unproven?.length ?? 0) === 0;
process.exitCode = perfect ? 0 : 1;
