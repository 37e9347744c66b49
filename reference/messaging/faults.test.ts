// MESSAGING's fault catalogue is consistent: enough switches, unique, with real clause ids, each checked in
// the code of messaging/, events/ or v2/, and every name checked there declared.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { faults as eventFaults } from '../events/faults.js';
import { faults as messagingFaults } from './faults.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const declared = [...messagingFaults, ...eventFaults];
const code = ['messaging', 'events', 'v2']
  .flatMap((dir) => readdirSync(join(root, dir)).filter((f) => f.endsWith('.ts') && !f.includes('.test.') && f !== 'faults.ts' && f !== 'test-kit.ts').map((f) => join(root, dir, f)))
  .map((file) => readFileSync(file, 'utf8'))
  .join('\n');
const checked = new Set([...code.matchAll(/\b(?:fault|f)\('([a-z0-9.-]+)'\)/g)].map((m) => m[1]!));

describe('MESSAGING faults', () => {
  it('are at least 25, uniquely named, under messaging., events. or v2.', () => {
    expect(declared.length).toBeGreaterThanOrEqual(25);
    expect(new Set(declared.map((f) => f.name)).size).toBe(declared.length);
    for (const fault of declared) expect(fault.name).toMatch(/^(messaging|events|v2)\.[a-z0-9.-]+$/);
  });

  it('cite clause ids that exist in spec/clauses.yaml', () => {
    const clauses = parse(readFileSync(join(root, '../spec/clauses.yaml'), 'utf8')) as { clauses: Array<{ id: string }> };
    const ids = new Set(clauses.clauses.map((c) => c.id));
    for (const fault of declared) {
      expect(fault.clauses.length, fault.name).toBeGreaterThan(0);
      for (const clause of fault.clauses) expect(ids.has(clause), `${fault.name} -> ${clause}`).toBe(true);
    }
  });

  it('are each checked in code, and every check is declared', () => {
    const names = new Set(declared.map((f) => f.name));
    for (const name of names) expect(checked.has(name), name).toBe(true);
    for (const name of checked) expect(names.has(name), name).toBe(true);
  });
});
