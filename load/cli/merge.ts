// `mcs load merge a.json b.json ... --out merged.json [--slo ...]`: exact merge of shard results.
import { parseArgs } from 'node:util';
import { mergeResults } from '../merge.js';
import { formatResult, readResult, saveResult } from '../result.js';
import { evaluateSlo, parseSlo } from '../slo.js';
import { LoadUsageError } from './options.js';
import { defaultOutPath } from './out.js';

export async function mergeCommand(argv: string[]): Promise<number> {
  let values: { out?: string; slo?: string; help?: boolean };
  let files: string[];
  try {
    const parsed = parseArgs({ args: argv, options: { out: { type: 'string' }, slo: { type: 'string' }, help: { type: 'boolean', short: 'h' } }, allowPositionals: true, strict: true });
    values = parsed.values;
    files = parsed.positionals;
  } catch (error) {
    throw new LoadUsageError((error as Error).message.split('\n')[0] ?? 'bad arguments');
  }
  if (values.help === true) {
    process.stdout.write('Usage: mcs load merge a.json b.json ... [--out merged.json] [--slo EXPR]\n');
    return 0;
  }
  if (files.length === 0) throw new LoadUsageError('name the result files to merge');
  const results = await Promise.all(files.map((f) => readResult(f)));
  const merged = mergeResults(results);
  if (values.slo !== undefined) {
    let clauses;
    try {
      clauses = parseSlo(values.slo);
    } catch (error) {
      throw new LoadUsageError(`--slo: ${(error as Error).message}`);
    }
    merged.slo = { expression: values.slo, ...evaluateSlo(clauses, merged) };
  }
  const out = values.out ?? defaultOutPath(`${merged.profile}-merged`);
  await saveResult(out, merged);
  process.stdout.write(formatResult(merged));
  process.stdout.write(`merged ${files.length} results into ${out}\n`);
  return (merged.slo?.pass ?? true) && (merged.verify?.ok ?? true) ? 0 : 1;
}
