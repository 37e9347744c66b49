// The optional outputs of `mcs load` and `mcs load capacity` beside the result JSON: `--html FILE`, the
// standalone load report (reports/html/load-page.ts), and `--hgrm FILE`, the HDR percentile distribution
// in HdrHistogram's text format (values in ms) that the usual plotters read. A capacity search's .hgrm is
// the distribution of its highest rate that held (else of its last step), named in the line printed.
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { renderLoadHtml } from '../../../reports/html/load-page.js';
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

async function write(path: string, text: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, text);
}

/** Writes the requested outputs; returns the lines to print. */
export async function writeLoadOutputs(paths: OutputPaths, entry: LoadResult | CapacityReport): Promise<string[]> {
  const lines: string[] = [];
  if (paths.html !== undefined) {
    await write(paths.html, renderLoadHtml([entry]));
    lines.push(`load report written to ${paths.html}`);
  }
  if (paths.hgrm !== undefined) {
    const source = hgrmSource(entry);
    if (source === undefined) lines.push(`no histogram to write to ${paths.hgrm} (no step ran)`);
    else {
      await write(paths.hgrm, hgrmOf(source.histogram));
      lines.push(`percentile distribution of ${source.what} written to ${paths.hgrm}`);
    }
  }
  return lines;
}
