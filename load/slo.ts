// SLO expressions: 'p99<250ms,errors<0.1%,rate>100'. Latency metrics p50, p90, p99, p99.9, max with a
// unit (us, ms, s); errors as a percentage of completed requests; rate as achieved requests per second.
import { errorCodes, McsError } from '../spec/errors.js';

export type SloMetric = 'p50' | 'p90' | 'p99' | 'p99.9' | 'max' | 'errors' | 'rate';
export type SloOperator = '<' | '<=' | '>' | '>=';

export interface SloClause {
  text: string;
  metric: SloMetric;
  operator: SloOperator;
  /** Latency in ms, errors in percent, rate in req/s. */
  threshold: number;
}

export class SloSyntaxError extends McsError {
  override name = 'SloSyntaxError';
  override readonly code = errorCodes.sloSyntax;
}

const LATENCY = new Set(['p50', 'p90', 'p99', 'p99.9', 'max']);
const UNIT_TO_MS: Record<string, number> = { us: 0.001, µs: 0.001, ms: 1, s: 1000 };

export function parseSlo(expression: string): SloClause[] {
  const parts = expression.split(',').map((p) => p.trim());
  if (parts.length === 0 || parts.every((p) => p === '')) throw new SloSyntaxError('empty --slo');
  return parts.map(parseClause);
}

function parseClause(text: string): SloClause {
  const m = /^(p50|p90|p99|p99\.9|max|errors|rate)\s*(<=|>=|<|>)\s*([0-9]+(?:\.[0-9]+)?)\s*(us|µs|ms|s|%)?$/.exec(text);
  if (m === null) throw new SloSyntaxError(`bad SLO clause '${text}' (expected e.g. p99<250ms, errors<0.1%, rate>100)`);
  const metric = m[1] as SloMetric;
  const operator = m[2] as SloOperator;
  const value = Number(m[3]);
  const unit = m[4];
  if (LATENCY.has(metric)) {
    if (unit === undefined || unit === '%') throw new SloSyntaxError(`'${text}': a latency needs a unit us, ms or s`);
    return { text, metric, operator, threshold: value * (UNIT_TO_MS[unit] ?? 1) };
  }
  if (metric === 'errors') {
    if (unit !== '%') throw new SloSyntaxError(`'${text}': errors are a percentage, e.g. errors<0.1%`);
    return { text, metric, operator, threshold: value };
  }
  if (unit !== undefined) throw new SloSyntaxError(`'${text}': rate is in requests per second, without a unit`);
  return { text, metric, operator, threshold: value };
}

/** The figures an SLO is judged on (a LoadResult provides them). */
export interface SloFigures {
  latency: { p50: number; p90: number; p99: number; p999: number; max: number };
  errorRatePercent: number;
  achievedRate: number;
}

export interface SloVerdict {
  pass: boolean;
  checks: Array<{ clause: string; actual: number; pass: boolean }>;
}

export function evaluateSlo(clauses: SloClause[], figures: SloFigures): SloVerdict {
  const checks = clauses.map((c) => {
    const actual = actualOf(c.metric, figures);
    return { clause: c.text, actual, pass: compare(actual, c.operator, c.threshold) };
  });
  return { pass: checks.every((c) => c.pass), checks };
}

function actualOf(metric: SloMetric, f: SloFigures): number {
  switch (metric) {
    case 'p50':
      return f.latency.p50;
    case 'p90':
      return f.latency.p90;
    case 'p99':
      return f.latency.p99;
    case 'p99.9':
      return f.latency.p999;
    case 'max':
      return f.latency.max;
    case 'errors':
      return f.errorRatePercent;
    case 'rate':
      return f.achievedRate;
  }
}

function compare(actual: number, op: SloOperator, threshold: number): boolean {
  switch (op) {
    case '<':
      return actual < threshold;
    case '<=':
      return actual <= threshold;
    case '>':
      return actual > threshold;
    case '>=':
      return actual >= threshold;
  }
}
