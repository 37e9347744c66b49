import { describe, expect, it } from 'vitest';
import { evaluateSlo, parseSlo, SloSyntaxError } from './slo.js';

const figures = { latency: { p50: 5, p90: 20, p99: 120, p999: 300, max: 900 }, errorRatePercent: 0.05, achievedRate: 480 };

describe('parseSlo', () => {
  it('parses latency, errors and rate clauses with units into ms, % and req/s', () => {
    expect(parseSlo('p99<250ms, errors<0.1%,rate>100')).toEqual([
      { text: 'p99<250ms', metric: 'p99', operator: '<', threshold: 250 },
      { text: 'errors<0.1%', metric: 'errors', operator: '<', threshold: 0.1 },
      { text: 'rate>100', metric: 'rate', operator: '>', threshold: 100 },
    ]);
  });

  it('converts s and us to milliseconds and accepts p50, p90, p99.9, max and <=, >=', () => {
    const [a, b, c, d, e] = parseSlo('p50<=1s,p90<500us,p99.9<2.5s,max<3s,rate>=10');
    expect(a).toMatchObject({ metric: 'p50', operator: '<=', threshold: 1000 });
    expect(b).toMatchObject({ metric: 'p90', threshold: 0.5 });
    expect(c).toMatchObject({ metric: 'p99.9', threshold: 2500 });
    expect(d).toMatchObject({ metric: 'max', threshold: 3000 });
    expect(e).toMatchObject({ metric: 'rate', operator: '>=', threshold: 10 });
  });

  it.each([
    ['', 'empty'],
    ['p99<250', 'latency without unit'],
    ['p99<250%', 'latency in percent'],
    ['errors<0.1', 'errors without %'],
    ['errors<1ms', 'errors with a time unit'],
    ['rate>10ms', 'rate with a unit'],
    ['p95<10ms', 'unsupported percentile'],
    ['p99=10ms', 'unsupported operator'],
    ['p99<-1ms', 'negative'],
    ['p99<250ms,', 'trailing comma'],
    ['latency<3ms', 'unknown metric'],
  ])('rejects %j (%s)', (text) => {
    expect(() => parseSlo(text)).toThrow(SloSyntaxError);
  });
});

describe('evaluateSlo', () => {
  it('passes when every clause holds and reports each actual value', () => {
    const verdict = evaluateSlo(parseSlo('p99<250ms,errors<0.1%,rate>100'), figures);
    expect(verdict.pass).toBe(true);
    expect(verdict.checks.map((c) => c.actual)).toEqual([120, 0.05, 480]);
  });

  it('fails when one clause is breached, and says which', () => {
    const verdict = evaluateSlo(parseSlo('p99<100ms,errors<0.1%'), figures);
    expect(verdict.pass).toBe(false);
    expect(verdict.checks).toEqual([
      { clause: 'p99<100ms', actual: 120, pass: false },
      { clause: 'errors<0.1%', actual: 0.05, pass: true },
    ]);
  });

  it('treats a value equal to the threshold as a breach of < and a pass of <=', () => {
    expect(evaluateSlo(parseSlo('max<900ms'), figures).pass).toBe(false);
    expect(evaluateSlo(parseSlo('max<=900ms'), figures).pass).toBe(true);
    expect(evaluateSlo(parseSlo('p99.9<0.3s'), figures).pass).toBe(false);
  });
});
