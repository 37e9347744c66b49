// Reads the load section of a report defensively. `report.load` holds whatever load/ wrote (a run result,
// `mcs-load-result/1`, or a capacity search, `mcs-load-capacity/1`); the report must render even when an
// entry is from a newer or older load/ or hand-edited, so every field is checked and nothing is assumed.
// Field names are read through the library's result types (load/result.ts, load/capacity.ts), so a renamed
// field fails to compile here rather than vanishing from the report.
import type { CapacityReport, CapacityStep } from '../../load/capacity.js';
import { decodeHistogram, percentileCurve } from '../../load/histogram.js';
import type { LoadResult } from '../../load/result.js';

export interface Percentiles {
  p50: number;
  p90: number;
  p99: number;
  p999: number;
  max: number;
}

export interface LoadRunView {
  kind: 'run';
  profile: string;
  model: string;
  durationMs?: number;
  achievedRate?: number;
  completed?: number;
  errors?: number;
  errorRatePercent?: number;
  timeouts?: number;
  percentiles?: Percentiles;
  /** Percentile (0-100) -> ms, from the HDR histogram when it decodes. */
  curve: Array<{ percentile: number; ms: number }>;
  slo?: { expression: string; pass: boolean };
  /** Merged from an incomplete set of shards on purpose (--allow-partial): which are missing. */
  partial?: { count: number; missing: number[] };
  delivery?: { expected: number; delivered: number; lost: number; duplicated: number; badlySigned: number; percentiles?: Percentiles };
}

export interface CapacityStepView {
  phase: string;
  offeredRate: number;
  achievedRate?: number;
  pass: boolean;
  errorRatePercent?: number;
  percentiles?: Percentiles;
  /** How many runs the verdict stands on, and why it is what it is. */
  runs?: number;
  reason?: string;
}

export interface CapacityView {
  kind: 'capacity';
  profile: string;
  slo: string;
  steps: CapacityStepView[];
  highestPassingRate: number | null;
  lowestFailingRate: number | null;
  /** Where latency bends: the knee is defined on p99 (load/capacity.ts findKnee). */
  knee: { offeredRate: number; p99: number } | null;
  stoppedBecause: string;
  /** The capacity as an interval, in a sentence (absent from reports of the first form). */
  capacityText?: string;
  confidence?: string;
  noise: string[];
  diagnosis: string[];
}

export interface UnknownLoadView {
  kind: 'unknown';
  json: string;
}

export type LoadView = LoadRunView | CapacityView | UnknownLoadView;

type Obj = Record<string, unknown>;

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const str = (v: unknown, fallback = ''): string => (typeof v === 'string' ? v : fallback);
const texts = (v: unknown): string[] => (Array.isArray(v) ? v.flatMap((t: unknown) => (typeof t === 'string' ? [t] : isObj(t) && typeof t['text'] === 'string' ? [t['text']] : [])) : []);
/** A field of a capacity report, a step of one or a run result, by a name their types know. */
const capacityField = (v: Obj, key: keyof CapacityReport): unknown => v[key];
const stepField = (v: Obj, key: keyof CapacityStep): unknown => v[key];
const runField = (v: Obj, key: keyof LoadResult): unknown => v[key];

function percentiles(v: unknown): Percentiles | undefined {
  if (!isObj(v)) return undefined;
  const p50 = num(v['p50']);
  const p90 = num(v['p90']);
  const p99 = num(v['p99']);
  const p999 = num(v['p999']);
  const max = num(v['max']);
  if (p50 === undefined || p90 === undefined || p99 === undefined || p999 === undefined || max === undefined) return undefined;
  return { p50, p90, p99, p999, max };
}

function curveOf(encoded: unknown): Array<{ percentile: number; ms: number }> {
  if (typeof encoded !== 'string' || encoded === '') return [];
  try {
    return percentileCurve(decodeHistogram(encoded)).filter((p) => Number.isFinite(p.ms) && Number.isFinite(p.percentile));
  } catch {
    return [];
  }
}

function modelOf(v: unknown): string {
  if (!isObj(v)) return 'unknown model';
  if (v['kind'] === 'open') return `open model, ${num(v['rate']) ?? '?'} req/s offered`;
  if (v['kind'] === 'closed') return `closed model, ${num(v['connections']) ?? '?'} connections`;
  return 'unknown model';
}

function runView(v: Obj): LoadRunView {
  const counts = isObj(runField(v, 'counts')) ? (runField(v, 'counts') as Obj) : {};
  const view: LoadRunView = { kind: 'run', profile: str(runField(v, 'profile'), 'load run'), model: modelOf(runField(v, 'model')), curve: curveOf(runField(v, 'histogram')) };
  const set = <K extends keyof LoadRunView>(key: K, value: LoadRunView[K] | undefined): void => {
    if (value !== undefined) view[key] = value;
  };
  set('durationMs', num(v['durationMs']));
  set('achievedRate', num(v['achievedRate']));
  set('completed', num(counts['completed']));
  set('errors', num(counts['errors']));
  set('timeouts', num(counts['timeouts']));
  set('errorRatePercent', num(v['errorRatePercent']));
  set('percentiles', percentiles(v['latency']));
  const slo = v['slo'];
  if (isObj(slo) && typeof slo['pass'] === 'boolean') view.slo = { expression: str(slo['expression']), pass: slo['pass'] };
  const partial = runField(v, 'partial');
  if (isObj(partial) && num(partial['count']) !== undefined && Array.isArray(partial['missing'])) {
    view.partial = { count: num(partial['count']) ?? 0, missing: partial['missing'].filter((i: unknown): i is number => typeof i === 'number') };
  }
  const d = v['delivery'];
  if (isObj(d)) {
    const delivery: NonNullable<LoadRunView['delivery']> = {
      expected: num(d['expected']) ?? 0,
      delivered: num(d['delivered']) ?? 0,
      lost: num(d['lost']) ?? 0,
      duplicated: num(d['duplicated']) ?? 0,
      badlySigned: num(d['badlySigned']) ?? 0,
    };
    const p = percentiles(d['latency']);
    if (p !== undefined) delivery.percentiles = p;
    view.delivery = delivery;
  }
  return view;
}

function capacityView(v: Obj): CapacityView {
  const rawSteps = capacityField(v, 'steps');
  const steps: CapacityStepView[] = (Array.isArray(rawSteps) ? rawSteps : []).flatMap((s: unknown) => {
    if (!isObj(s)) return [];
    const offeredRate = num(stepField(s, 'offeredRate'));
    if (offeredRate === undefined) return [];
    const step: CapacityStepView = { phase: str(stepField(s, 'phase')), offeredRate, pass: stepField(s, 'pass') === true };
    const achieved = num(stepField(s, 'achievedRate'));
    if (achieved !== undefined) step.achievedRate = achieved;
    const errors = num(stepField(s, 'errorRatePercent'));
    if (errors !== undefined) step.errorRatePercent = errors;
    const p = percentiles(stepField(s, 'latency'));
    if (p !== undefined) step.percentiles = p;
    const runs = stepField(s, 'runs');
    if (Array.isArray(runs)) step.runs = runs.length;
    const reason = stepField(s, 'reason');
    if (typeof reason === 'string') step.reason = reason;
    return [step];
  });
  const knee = capacityField(v, 'knee');
  const kneeRate = isObj(knee) ? num(knee['offeredRate']) : undefined;
  const kneeP99 = isObj(knee) ? num(knee['p99']) : undefined;
  const capacity = capacityField(v, 'capacity');
  const confidence = capacityField(v, 'confidence');
  return {
    kind: 'capacity',
    profile: str(capacityField(v, 'profile'), 'capacity search'),
    slo: str(capacityField(v, 'slo')),
    steps,
    highestPassingRate: num(capacityField(v, 'highestPassingRate')) ?? null,
    lowestFailingRate: num(capacityField(v, 'lowestFailingRate')) ?? null,
    knee: kneeRate !== undefined && kneeP99 !== undefined ? { offeredRate: kneeRate, p99: kneeP99 } : null,
    stoppedBecause: str(capacityField(v, 'stoppedBecause')),
    ...(isObj(capacity) && typeof capacity['text'] === 'string' ? { capacityText: capacity['text'] } : {}),
    ...(typeof confidence === 'string' ? { confidence } : {}),
    noise: texts(capacityField(v, 'noise')),
    diagnosis: texts(capacityField(v, 'diagnosis')),
  };
}

export function loadViews(load: readonly unknown[] | undefined): LoadView[] {
  return (load ?? []).map((entry): LoadView => {
    if (isObj(entry) && (entry['schema'] === 'mcs-load-capacity/1' || Array.isArray(entry['steps']))) return capacityView(entry);
    if (isObj(entry) && (entry['schema'] === 'mcs-load-result/1' || isObj(entry['latency']))) return runView(entry);
    let json: string;
    try {
      json = JSON.stringify(entry, null, 2) ?? String(entry);
    } catch {
      json = String(entry);
    }
    return { kind: 'unknown', json };
  });
}
