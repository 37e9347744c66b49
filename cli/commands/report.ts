// `mcs report --from report.json [--load result.json]... [--out DIR]`: renders the HTML report and the
// JUnit XML again from a JSON report (validated against reports/report.schema.json). It never issues a
// certificate or a badge: only `mcs certify` does, from the run it saw (a report.json edited by hand must not
// become a certificate); those in the folder are left as they are. With --load, results of `mcs load` (a run or a capacity search) join the
// report: the combined report is written as report.json into the output folder. Without --load the JSON
// report is never rewritten: it is the record.
import { readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { lockReportsFolder, OutputInUseError, reportFiles, writeRenderings } from '../../reports/index.js';
import type { RunReport } from '../../results/model.js';
import { readReport } from '../../reports/schema.js';
import { UsageError } from '../errors.js';
import { flagProblem } from '../flags.js';

const USAGE = `Usage: mcs report --from FILE [--load FILE]... [--out DIR]

Renders report.html and junit.xml again from a JSON report. Never writes certificate.json or badge.svg:
only 'mcs certify' issues those.
  --from   the JSON report written by 'mcs certify' (report.json)
  --load   a result written by 'mcs load' (a run or a capacity search) to show in the report; repeatable.
           The combined report is written as report.json into the output folder.
  --out    the folder to write into (default: the folder of --from)
Each file is written whole or not at all (a temporary file renamed over the old one; a symlink in its place is
replaced, never followed); a folder another run is writing into is refused.
Example:
  mcs report --from reports/out/report.json --load reports/load/send-2026-11-26T05-00-00-000Z.json --out combined
Exits 0 when the files are written, 2 when an input is missing or not valid, or a file cannot be written
(the previous files are then left as they were).
`;

interface Flags {
  from?: string;
  load?: string[];
  out?: string;
  help?: boolean;
}

const reportFlags = { from: { type: 'string' }, load: { type: 'string', multiple: true }, out: { type: 'string' }, help: { type: 'boolean', short: 'h' } } as const;

function parse(argv: string[]): Flags {
  try {
    return parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: reportFlags,
    }).values;
  } catch (error) {
    throw new UsageError(`${flagProblem(error, reportFlags)} (try --help)`);
  }
}

/** A load result file: any JSON object whose `schema` is one of load/'s (mcs-load-...). */
async function readLoadResult(path: string): Promise<unknown> {
  let value: unknown;
  try {
    value = JSON.parse(await readFile(path, 'utf8'));
  } catch (error) {
    const e = error as NodeJS.ErrnoException;
    throw new UsageError(e.code !== undefined ? `cannot read ${path}: ${e.code}` : `${path} is not JSON: ${e.message.split('\n')[0] ?? ''}`);
  }
  const schema = typeof value === 'object' && value !== null ? (value as { schema?: unknown }).schema : undefined;
  if (typeof schema !== 'string' || !schema.startsWith('mcs-load-')) throw new UsageError(`${path} is not a result of 'mcs load' (no mcs-load-* schema)`);
  return value;
}

export async function run(argv: string[]): Promise<number> {
  const flags = parse(argv);
  if (flags.help === true) {
    process.stdout.write(USAGE);
    return 0;
  }
  if (flags.from === undefined) throw new UsageError('--from is required: the JSON report to render (try --help)');
  const from = resolve(flags.from);
  const outDir = resolve(flags.out ?? dirname(from));
  const original = await readReport(from).catch((error: unknown) => {
    throw new UsageError((error as Error).message);
  });
  const loads = await Promise.all((flags.load ?? []).map((path) => readLoadResult(resolve(path))));

  const notIssued = `not written: ${reportFiles.certificate}, ${reportFiles.badge} (a re-rendering issues no certificate; only 'mcs certify' does)\n`;
  const report: RunReport = loads.length === 0 ? original : { ...original, load: [...(original.load ?? []), ...loads] };
  const lock = await lockReportsFolder(outDir, flags.out === undefined ? `${outDir} (the folder of --from)` : `--out ${outDir}`).catch((error: unknown) => {
    throw error instanceof OutputInUseError ? new UsageError(error.message) : error;
  });
  try {
    const written = await writeRenderings(report, outDir, loads.length > 0);
    for (const file of written.files) process.stdout.write(`wrote ${file}\n`);
  } finally {
    await lock.release();
  }
  process.stdout.write(notIssued);
  return 0;
}
