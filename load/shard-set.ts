// What `mcs load merge` accepts: a coherent set of shard results. Shards of one run (one run id, target,
// profile and model), each shard i of one count n with 0 <= i < n, each index present once, and every
// index of the set present (or the set merged as partial on purpose, `allowPartial`); every count finite,
// non-negative and adding up, every histogram decoding and holding as many latencies as its counts say.
// A result that breaks one of these was tampered with, truncated or mixed up with another run: its sum is
// no measurement, and an SLO judged on it would pass or fail for nothing. Each refusal is one line naming
// the file.
import { errorCodes, McsError } from '../spec/errors.js';
import { decodeHistogram, type Histogram } from './histogram.js';
import type { LoadResult } from './result.js';

export interface NamedResult {
  /** The file it was read from (what every message names). */
  name: string;
  result: LoadResult;
}

export interface ShardSet {
  /** n: the number of shards the run was split into. */
  count: number;
  /** Indexes no result of the set holds (empty for a complete set). */
  missing: number[];
}

export class IncoherentShardsError extends McsError {
  override name = 'IncoherentShardsError';
  override readonly code = errorCodes.incoherentShards;
}

/** The set the results form, or IncoherentShardsError with the first problem found. */
export function checkShardSet(inputs: readonly NamedResult[], options: { allowPartial?: boolean } = {}): ShardSet {
  const first = inputs[0];
  if (first === undefined) throw new IncoherentShardsError('nothing to merge');
  for (const input of inputs) checkOne(input);
  for (const input of inputs.slice(1)) sameRun(first, input);

  const count = first.result.shards[0]?.count ?? 1;
  const holder = new Map<number, string>();
  for (const { name, result } of inputs) {
    for (const shard of result.shards) {
      if (shard.count !== count) throw new IncoherentShardsError(`${name}: shard ${shard.index} of ${shard.count}, but ${first.name} is of a set of ${count}: the shards of one run share their count`);
      const other = holder.get(shard.index);
      if (other !== undefined) throw new IncoherentShardsError(`shard ${shard.index} of ${count} appears twice (${other === name ? name : `${other}, ${name}`})`);
      holder.set(shard.index, name);
    }
  }
  const missing = Array.from({ length: count }, (_, i) => i).filter((i) => !holder.has(i));
  if (missing.length > 0 && options.allowPartial !== true) {
    throw new IncoherentShardsError(`${missingText(missing, count)} (have ${[...holder.keys()].sort((a, b) => a - b).join(', ')}): name every shard's result, or --allow-partial to merge an incomplete set on purpose`);
  }
  return { count, missing };
}

export function missingText(missing: readonly number[], count: number): string {
  return `shard${missing.length === 1 ? '' : 's'} ${missing.join(', ')} of ${count} missing`;
}

function checkOne({ name, result }: NamedResult): void {
  const fail = (what: string): never => {
    throw new IncoherentShardsError(`${name}: ${what}`);
  };
  if (!Array.isArray(result.shards) || result.shards.length === 0) fail('names no shard');
  for (const shard of result.shards) {
    const { index, count } = (shard ?? {}) as { index?: unknown; count?: unknown };
    if (!isCount(count) || count < 1 || !isCount(index)) fail(`shard ${String(index)} of ${String(count)} is not a shard (i of n, integers, n >= 1)`);
    if ((index as number) >= (count as number)) fail(`shard ${String(index)} of ${String(count)} does not exist (a set of ${String(count)} has shards 0 to ${(count as number) - 1})`);
  }
  const c = result.counts ?? fail('has no counts');
  for (const key of ['completed', 'ok', 'errors', 'timeouts', 'connectionErrors'] as const) countField(`counts.${key}`, c[key], fail);
  for (const map of ['byStatus', 'byCode'] as const) {
    if (typeof c[map] !== 'object' || c[map] === null) fail(`counts.${map} is not a map of counts`);
    for (const [key, value] of Object.entries(c[map])) countField(`counts.${map}.${key}`, value, fail);
  }
  if (c.ok + c.errors !== c.completed) fail(`counts do not add up: ok ${c.ok} + errors ${c.errors} is not completed ${c.completed}`);
  if (c.timeouts + c.connectionErrors > c.errors) fail(`counts do not add up: timeouts ${c.timeouts} + connection errors ${c.connectionErrors} exceed errors ${c.errors}`);
  for (const key of ['offered', 'durationMs', 'achievedRate', 'unsent'] as const) if (result[key] !== undefined) nonNegative(key, result[key], fail);

  const histogram = decodes('histogram', result.histogram, fail);
  if (histogram.totalCount !== c.completed - c.connectionErrors) {
    fail(`the histogram holds ${histogram.totalCount} latencies where the counts say ${c.completed - c.connectionErrors} (completed less connection errors)`);
  }
  result.series?.points.forEach((point, i) => {
    for (const key of ['sent', 'completed', 'errors'] as const) countField(`series.points[${i}].${key}`, point[key], fail);
    decodes(`series.points[${i}].histogram`, point.histogram, fail);
  });
  if (result.delivery !== undefined) {
    const d = result.delivery;
    for (const key of ['expected', 'delivered', 'lost', 'duplicated', 'badlySigned', 'unmatched'] as const) countField(`delivery.${key}`, d[key], fail);
    decodes('delivery.histogram', d.histogram, fail);
  }
}

function sameRun(first: NamedResult, other: NamedResult): void {
  const differs = (what: string, a: unknown, b: unknown): void => {
    if (a !== b) throw new IncoherentShardsError(`${other.name}: ${what} ${JSON.stringify(b)} differs from ${first.name}'s ${JSON.stringify(a)}: the shards of one run share it`);
  };
  differs('run id', first.result.runId, other.result.runId);
  differs('target', first.result.target?.baseUrl, other.result.target?.baseUrl);
  differs('profile', first.result.profile, other.result.profile);
  differs('load model', first.result.model?.kind, other.result.model?.kind);
}

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

function countField(what: string, value: unknown, fail: (what: string) => never): void {
  if (!isCount(value)) fail(`${what} is ${String(value)}: counts must be finite, non-negative integers`);
}

function nonNegative(what: string, value: unknown, fail: (what: string) => never): void {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) fail(`${what} is ${String(value)}: it must be a finite, non-negative number`);
}

function decodes(what: string, encoded: unknown, fail: (what: string) => never): Histogram {
  if (typeof encoded !== 'string' || encoded === '') return fail(`${what} is missing`);
  try {
    return decodeHistogram(encoded);
  } catch (error) {
    return fail(`${what} does not decode (${(error as Error).message.split('\n')[0] ?? 'bad encoding'})`);
  }
}
