// The JSON result of a load run (also the unit that shards produce and `mcs load merge` adds up).
import { readFile } from 'node:fs/promises';
import { inertLine } from '../text/inert.js';
import { addHistograms, decodeHistogram, encodeHistogram, summarize, type Histogram, type LatencySummary } from './histogram.js';
import type { RunCounts } from './recorder.js';
import { formatOverlap } from './overlap.js';
import { missingText } from './shard-set.js';
import type { LoadSeries } from './series.js';
import type { RunWindow } from './start-at.js';
import type { Shard } from './types.js';

export const RESULT_SCHEMA = 'mcs-load-result/1';

export type ModelSpec = { kind: 'open'; rate: number; inFlight: number } | { kind: 'closed'; connections: number };

export interface DeliveryFigures {
  expected: number;
  delivered: number;
  lost: number;
  duplicated: number;
  badlySigned: number;
  unmatched: number;
  /** End-to-end latency (send accepted -> verified delivery), ms. */
  latency: LatencySummary;
  histogram: string;
}

export interface LoadResult {
  schema: typeof RESULT_SCHEMA;
  profile: string;
  model: ModelSpec;
  /** Shards merged into this result; a single run is [its shard]. */
  shards: Shard[];
  runId: string;
  target: { baseUrl: string };
  startedAt: string;
  durationMs: number;
  /** Requests this run offered (open model: its schedule; closed model: what it issued). */
  offered: number;
  /** Completed requests per second over the run's duration. */
  achievedRate: number;
  counts: RunCounts;
  /** Errors as a share of completed requests, in percent. */
  errorRatePercent: number;
  latency: LatencySummary;
  /** The latency histogram (µs), hdr-histogram compressed base64. */
  histogram: string;
  /** Per second: sent, completed, errors and the latency histogram (load/series.ts; recorded by the run, added up by the merge). */
  series?: LoadSeries;
  /** Open model only: how late the generator itself sent requests. */
  sendLag?: LatencySummary;
  unsent?: number;
  /** Open model only: epoch ms at which the schedule started (request k of shard i at this + offset). */
  scheduleStartEpochMs?: number;
  /**
   * The load generator itself: worker threads, event-loop busy time per request sent (µs), and the highest
   * rate its workers could schedule at that cost (req/s; null when nothing was sent).
   */
  generator?: { workers: number; busyUsPerRequest: number; ceilingRate: number | null };
  delivery?: DeliveryFigures;
  /** Where this run (or, merged, the union of its shards) really ran; plannedStartEpochMs/lateByMs with --start-at. */
  window?: RunWindow;
  /** Merged with --allow-partial from an incomplete set: how many shards the run had and which are missing. */
  partial?: { count: number; missing: number[] };
  /** Merged results: how much the shards' windows overlapped (load/overlap.ts). */
  overlap?: OverlapFigures;
  verify?: { ok: boolean; findings: string[]; figures: Record<string, number> };
  slo?: { expression: string; pass: boolean; checks: Array<{ clause: string; actual: number; pass: boolean }>; caveat?: string };
}

export interface OverlapFigures {
  /** Time all shards were running together ÷ the span from the first start to the last end. */
  ratio: number;
  commonMs: number;
  spanMs: number;
  /** The least ratio at which the merge judges an SLO. */
  threshold: number;
  /** The latest shard start after the earliest one. */
  startSkewMs: number;
  /** Set when --allow-skew merged (and judged) shards that overlapped less than the threshold. */
  skewAllowed?: true;
}

export function errorRatePercent(counts: RunCounts): number {
  return counts.completed === 0 ? 0 : (100 * counts.errors) / counts.completed;
}

/** Summarized from the encoded form, so the numbers in a file are what anyone decoding it computes. */
export function buildLatency(histogram: Histogram): { latency: LatencySummary; histogram: string } {
  const encoded = encodeHistogram(histogram);
  return { latency: summarize(decodeHistogram(encoded)), histogram: encoded };
}

export function histogramOf(result: Pick<LoadResult, 'histogram'>): Histogram {
  return decodeHistogram(result.histogram);
}

export function deliveryFigures(parts: Omit<DeliveryFigures, 'latency' | 'histogram'>, histograms: Array<Histogram | string>): DeliveryFigures {
  return { ...parts, ...buildLatency(addHistograms(histograms)) };
}

export async function readResult(path: string): Promise<LoadResult> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readFile(path, 'utf8'));
  } catch (error) {
    throw new Error(`cannot read ${path}: ${(error as Error).message.split('\n')[0]}`);
  }
  if (parsed === null || typeof parsed !== 'object' || (parsed as { schema?: unknown }).schema !== RESULT_SCHEMA) {
    throw new Error(`${path} is not a load result (${RESULT_SCHEMA})`);
  }
  return parsed as LoadResult;
}

/** The few lines printed after a run. Codes and findings are the target's text: each shown inert, on its line. */
export function formatResult(r: LoadResult): string {
  const l = r.latency;
  const model = r.model.kind === 'open' ? `open ${r.model.rate}/s` : `closed ${r.model.connections} conn`;
  const shard = r.shards.length === 1 && r.shards[0] !== undefined && r.shards[0].count > 1 ? ` shard ${r.shards[0].index}/${r.shards[0].count}` : r.shards.length > 1 ? ` ${r.shards.length} shards merged` : '';
  const lines = [
    `${r.profile} (${model}${shard}) ${(r.durationMs / 1000).toFixed(1)} s: ${r.counts.completed} requests, ${r.achievedRate.toFixed(1)} req/s achieved`,
    `latency ms: p50 ${l.p50} p90 ${l.p90} p99 ${l.p99} p99.9 ${l.p999} max ${l.max}`,
    `errors: ${r.counts.errors} (${r.errorRatePercent.toFixed(3)}%)${formatMap(' status', r.counts.byStatus, (k) => !k.startsWith('2'))}${formatMap(' codes', r.counts.byCode)}; timeouts ${r.counts.timeouts}`,
  ];
  if (r.sendLag !== undefined && r.sendLag.p99 > 10) lines.push(`note: the load generator itself ran late (send lag p99 ${r.sendLag.p99} ms); latencies include it`);
  const ceiling = generatorLine(r);
  if (ceiling !== undefined) lines.push(ceiling);
  if (r.delivery !== undefined) {
    const d = r.delivery;
    lines.push(`deliveries: ${d.delivered}/${d.expected} delivered, lost ${d.lost}, duplicated ${d.duplicated}, badly signed ${d.badlySigned}, unmatched ${d.unmatched}; end-to-end ms p50 ${d.latency.p50} p99 ${d.latency.p99} max ${d.latency.max}`);
  }
  if (r.verify !== undefined) lines.push(`verify: ${r.verify.ok ? 'ok' : 'FAILED'}${r.verify.findings.length ? ` - ${r.verify.findings.map(inertLine).join('; ')}` : ''}`);
  const w = r.window;
  if (w?.plannedStartEpochMs !== undefined && r.shards.length === 1) {
    const planned = new Date(w.plannedStartEpochMs).toISOString();
    lines.push((w.lateByMs ?? 0) > 0 ? `start: ${Math.round(w.lateByMs ?? 0)} ms after --start-at ${planned} (this shard was late; the merge checks the overlap)` : `start: at --start-at ${planned}`);
  }
  if (r.partial !== undefined) lines.push(`partial: ${missingText(r.partial.missing, r.partial.count)}, merged on purpose (--allow-partial); these figures are not the run's`);
  if (r.overlap !== undefined) lines.push(formatOverlap(r.overlap));
  if (r.slo !== undefined) lines.push(`slo ${r.slo.expression}: ${r.slo.pass ? 'pass' : 'FAIL'} (${r.slo.checks.map((c) => `${c.clause} actual ${round(c.actual)} ${c.pass ? 'ok' : 'breached'}`).join(', ')})${r.slo.caveat === undefined ? '' : `; ${r.slo.caveat}`}`);
  return `${lines.join('\n')}\n`;
}

/**
 * The generator's ceiling after a run: the rate its workers could have sent at, given the event-loop
 * time each request cost them in this run. An open-model rate near or above it is beyond the generator.
 */
export function generatorLine(r: LoadResult): string | undefined {
  const g = r.generator;
  if (g === undefined || g.ceilingRate === null) return undefined;
  const head = `generator: ${g.workers} worker${g.workers === 1 ? '' : 's'}, ${g.busyUsPerRequest} µs of event loop per request: ceiling about ${g.ceilingRate} req/s`;
  if (r.model.kind !== 'open') return head;
  const share = r.model.rate / r.shards.reduce((n, s) => Math.max(n, s.count), 1);
  return share > BEYOND * g.ceilingRate ? `${head}; this rate (${Math.round(share)}/s here) is beyond the generator: add --workers or shards` : head;
}

/** Above this share of its ceiling, the generator's own lateness starts to show in the latencies. */
export const BEYOND = 0.8;

function formatMap(label: string, map: Record<string, number>, keep: (key: string) => boolean = () => true): string {
  const entries = Object.entries(map).filter(([k]) => keep(k));
  return entries.length === 0 ? '' : `${label} ${entries.map(([k, v]) => `${inertLine(k)}=${v}`).join(' ')}`;
}

function round(n: number): number {
  return Math.round(n * 1000) / 1000;
}
