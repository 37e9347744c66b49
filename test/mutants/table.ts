// The printed summary of a mutants run: one line per fault and per variant, then the two rates.
import type { KnownGaps } from './known-gaps.js';
import type { FaultResult, MutantsReport, VariantResult } from './mutants.js';

export function percent(value: number): string {
  return Number.isNaN(value) ? 'n/a' : `${(value * 100).toFixed(1)}%`;
}

export function faultLine(result: FaultResult, gapReason?: string): string {
  const gap = gapReason === undefined ? '' : ' (known gap)';
  return `${result.verdict.padEnd(16)} ${result.name.padEnd(52)} ${seconds(result.ms)}  ${result.detail}${gap}`;
}

export function variantLine(result: VariantResult, listedReason?: string): string {
  const listed = listedReason === undefined ? '' : ' (known false failure)';
  return `${result.verdict.padEnd(16)} ${`variant ${result.name}`.padEnd(52)} ${seconds(result.ms)}  ${result.detail}${listed}`;
}

export function rateLines(report: MutantsReport): string[] {
  const caught = report.faults.filter((f) => f.verdict === 'CAUGHT').length;
  const passed = report.variants.filter((v) => v.verdict === 'PASS').length;
  return [
    `catch rate: ${percent(report.catchRate)} (${caught}/${report.faults.length} faults caught on their clauses)`,
    `benign pass rate: ${percent(report.benignPassRate)} (${passed}/${report.variants.length} variants passed a full certify)`,
    `seed ${report.seed}; ${seconds(report.ms).trim()} in all`,
  ];
}

export function renderTable(report: MutantsReport, gaps: KnownGaps = { faults: new Map(), variants: new Map(), checks: new Map() }): string {
  const counts = new Map<string, number>();
  for (const f of report.faults) counts.set(f.verdict, (counts.get(f.verdict) ?? 0) + 1);
  const byVerdict = [...counts].map(([verdict, n]) => `${verdict} ${n}`).join(', ');
  return [
    ...report.variants.map((v) => variantLine(v, gaps.variants.get(v.name))),
    ...report.faults.map((f) => faultLine(f, gaps.faults.get(f.name))),
    '',
    `faults: ${byVerdict || 'none run'}`,
    ...rateLines(report),
  ].join('\n');
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)}s`.padStart(6);
}
