// `mcs load merge a.json b.json ... --out merged.json [--slo ...]`: exact merge of shard results. Only a
// coherent set is merged (load/shard-set.ts: one run, each shard once, none missing, sound counts and
// histograms; exit 2 with one line naming the file otherwise); `--allow-partial` merges an incomplete set
// on purpose and marks the result. The overlap of the shards' windows is checked before an SLO is judged
// on their sum, and a partial set is never judged.
import { parseArgs } from 'node:util';
import { mergeResults } from '../../../load/merge.js';
import { DEFAULT_MIN_OVERLAP } from '../../../load/overlap.js';
import { formatResult, readResult, type LoadResult } from '../../../load/result.js';
import { missingText } from '../../../load/shard-set.js';
import { evaluateSlo, parseSlo } from '../../../load/slo.js';
import { mergeHelp } from './help.js';
import { LoadUsageError, number } from './options.js';
import { checkOutputPaths, holdOutputs, saveResult, writeLoadOutputs } from './outputs.js';
import { defaultOutPath } from './out.js';
import { flagProblem } from '../../flags.js';

export const mergeFlags = {
  out: { type: 'string' },
  slo: { type: 'string' },
  'min-overlap': { type: 'string' },
  'allow-skew': { type: 'boolean' },
  'allow-partial': { type: 'boolean' },
  html: { type: 'string' },
  hgrm: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

export async function mergeCommand(argv: string[]): Promise<number> {
  let values: { out?: string; slo?: string; 'min-overlap'?: string; 'allow-skew'?: boolean; 'allow-partial'?: boolean; html?: string; hgrm?: string; help?: boolean };
  let files: string[];
  try {
    const parsed = parseArgs({ args: argv, options: mergeFlags, allowPositionals: true, strict: true });
    values = parsed.values;
    files = parsed.positionals;
  } catch (error) {
    throw new LoadUsageError(flagProblem(error, mergeFlags));
  }
  if (values.help === true) {
    process.stdout.write(mergeHelp());
    return 0;
  }
  if (files.length === 0) throw new LoadUsageError('name the result files to merge');
  checkOutputPaths(values);
  const minOverlap = number('min-overlap', values['min-overlap'], (n) => n >= 0 && n <= 1, 'a fraction in [0, 1]') ?? DEFAULT_MIN_OVERLAP;
  let clauses;
  try {
    clauses = values.slo === undefined ? undefined : parseSlo(values.slo);
  } catch (error) {
    throw new LoadUsageError(`--slo: ${(error as Error).message}`);
  }
  const results = await Promise.all(files.map((f) => readResult(f)));
  let merged: LoadResult;
  try {
    merged = mergeResults(results, { minOverlap, names: files, allowPartial: values['allow-partial'] === true });
  } catch (error) {
    throw new LoadUsageError((error as Error).message);
  }
  const partial = merged.partial === undefined ? undefined : `the set is partial (${missingText(merged.partial.missing, merged.partial.count)}): the load the target saw is not these figures`;
  const skew = skewReason(merged, files, results);
  let refused: string | undefined;
  if (skew !== undefined && values['allow-skew'] === true && merged.overlap !== undefined) merged.overlap.skewAllowed = true;
  if (values.slo !== undefined && clauses !== undefined) {
    if (partial !== undefined) {
      refused = `slo ${values.slo}: not judged: ${partial}`;
    } else if (skew === undefined || values['allow-skew'] === true) {
      merged.slo = { expression: values.slo, ...evaluateSlo(clauses, merged), ...(skew === undefined ? {} : { caveat: `judged with --allow-skew: ${skew}` }) };
    } else {
      refused = `slo ${values.slo}: not judged: ${skew} (--allow-skew judges it anyway, marked in the result)`;
    }
  }
  const out = values.out ?? defaultOutPath(`${merged.profile}-merged`);
  const outputs = await holdOutputs([out, values.html, values.hgrm]);
  try {
    process.stdout.write(formatResult(merged));
    await saveResult(out, merged);
    for (const line of await writeLoadOutputs(values, merged)) process.stdout.write(`${line}\n`);
  } finally {
    await outputs.release();
  }
  if (skew !== undefined && values.slo === undefined) process.stdout.write(`note: ${skew}; the merged figures are not the combined load at any one time\n`);
  if (refused !== undefined) process.stdout.write(`${refused}\n`);
  process.stdout.write(`merged ${files.length} results into ${out}\n`);
  if (refused !== undefined) return 1;
  return (merged.slo?.pass ?? true) && (merged.verify?.ok ?? true) ? 0 : 1;
}

/** Why the shards' sum may not stand for the combined load, or undefined when their windows overlapped. */
function skewReason(merged: LoadResult, files: string[], results: LoadResult[]): string | undefined {
  const o = merged.overlap;
  if (o === undefined) {
    const missing = files.filter((_, i) => results[i]?.window === undefined);
    return `the overlap of the shards cannot be checked: ${missing.join(', ')} ${missing.length === 1 ? 'records' : 'record'} no window`;
  }
  if (o.ratio < o.threshold) return `the shards ran together only ${(o.ratio * 100).toFixed(1)}% of the run (threshold ${(o.threshold * 100).toFixed(0)}%, starts ${o.startSkewMs.toFixed(0)} ms apart)`;
  return undefined;
}
