// The optional outputs of `mcs load` and `mcs load capacity` beside the result JSON: `--html FILE`, the
// standalone load report (reports/html/load-page.ts), and `--hgrm FILE`, the HDR percentile distribution
// in HdrHistogram's text format (values in ms) that the usual plotters read. A capacity search's .hgrm is
// the distribution of its highest rate that held (else of its last step), named in the line printed.
// Every file is written whole (reports/whole-files.ts: a temporary file renamed over the old one, a symlink in
// its place replaced, never followed), and held for the run: a file another run is writing is refused before
// any load is sent (reports/output-lock.ts).
import { lockOutputFile, OutputInUseError, type OutputLock } from '../../../reports/index.js';
import { renderLoadHtml } from '../../../reports/html/load-page.js';
import { writeFileWhole } from '../../../reports/whole-files.js';
import { inertJson } from '../../../text/inert.js';
import type { CapacityReport } from '../../../load/capacity.js';
import { decodeHistogram } from '../../../load/histogram.js';
import type { LoadResult } from '../../../load/result.js';
import { LoadUsageError } from './options.js';

export interface OutputPaths {
  html?: string | undefined;
  hgrm?: string | undefined;
}

/** Checked before the run, so a bad flag costs no load. */
export function checkOutputPaths(paths: OutputPaths): void {
  for (const flag of ['html', 'hgrm'] as const) {
    if (paths[flag] !== undefined && paths[flag].trim() === '') throw new LoadUsageError(`--${flag} needs a file name`);
  }
}

/** HdrHistogram's percentile distribution of an encoded histogram (µs), values scaled to ms. */
export function hgrmOf(encodedHistogram: string): string {
  return decodeHistogram(encodedHistogram).outputPercentileDistribution(5, 1000);
}

function hgrmSource(entry: LoadResult | CapacityReport): { histogram: string; what: string } | undefined {
  if (!('steps' in entry)) return { histogram: entry.histogram, what: 'the run' };
  const held = entry.steps.filter((s) => s.pass).sort((a, b) => b.offeredRate - a.offeredRate)[0];
  const step = held ?? entry.steps.at(-1);
  return step === undefined ? undefined : { histogram: step.histogram, what: `the step at ${step.offeredRate} req/s (${held !== undefined ? 'the highest rate that held' : 'the last step; none held'})` };
}

/** A result (or capacity report) as JSON: what a target sent is kept, every invisible character as an escape. */
export async function saveResult(path: string, value: unknown): Promise<void> {
  await writeFileWhole(path, `${inertJson(value, 2)}\n`);
}

/**
 * Holds every file the run will write until `release()`; LoadUsageError, before any load, when another run is
 * writing one of them.
 */
export async function holdOutputs(paths: ReadonlyArray<string | undefined>): Promise<{ release(): Promise<void> }> {
  const locks: OutputLock[] = [];
  const release = async () => {
    await Promise.all(locks.map((lock) => lock.release()));
  };
  try {
    for (const path of new Set(paths)) if (path !== undefined) locks.push(await lockOutputFile(path, path));
  } catch (error) {
    await release();
    throw error instanceof OutputInUseError ? new LoadUsageError(error.message) : error;
  }
  return { release };
}

/** Writes the requested outputs; returns the lines to print. */
export async function writeLoadOutputs(paths: OutputPaths, entry: LoadResult | CapacityReport): Promise<string[]> {
  const lines: string[] = [];
  if (paths.html !== undefined) {
    await writeFileWhole(paths.html, renderLoadHtml([entry]));
    lines.push(`load report written to ${paths.html}`);
  }
  if (paths.hgrm !== undefined) {
    const source = hgrmSource(entry);
    if (source === undefined) lines.push(`no histogram to write to ${paths.hgrm} (no step ran)`);
    else {
      await writeFileWhole(paths.hgrm, hgrmOf(source.histogram));
      lines.push(`percentile distribution of ${source.what} written to ${paths.hgrm}`);
    }
  }
  return lines;
}
