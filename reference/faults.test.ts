// The fault catalogue is consistent: every CORE fault is declared with real clause ids and is checked in code,
// every fault checked in CORE's code is declared, and unknown names are refused.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { coreFaults } from './core-faults.js';
import { listFaults } from './faults.js';
import { faults as v4Faults } from './v4/faults.js';
import { faults as serverFaults } from './server/faults.js';
import { startReference } from './index.js';

const here = fileURLToPath(new URL('.', import.meta.url));
const messagingDirs = new Set(['messaging', 'events', 'v2']);

function coreSources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return dir === here && messagingDirs.has(name) ? [] : coreSources(path);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [path] : [];
  });
}

const code = coreSources(here).map((f) => readFileSync(f, 'utf8')).join('\n');
const checked = new Set([
  ...[...code.matchAll(/fault\('([a-z0-9.-]+)'\)/g)].map((m) => m[1]!),
  ...[...code.matchAll(/f\('([a-z0-9-]+)'\)/g)].map((m) => `contacts.merge.${m[1]!}`),
]);

describe('CORE faults', () => {
  it('are at least 25, uniquely named', () => {
    expect(coreFaults.length).toBeGreaterThanOrEqual(25);
    expect(new Set(coreFaults.map((f) => f.name)).size).toBe(coreFaults.length);
  });

  it('cite clause ids that exist in spec/clauses.yaml', () => {
    const clauses = parse(readFileSync(join(here, '../spec/clauses.yaml'), 'utf8')) as { clauses: Array<{ id: string }> };
    const ids = new Set(clauses.clauses.map((c) => c.id));
    for (const fault of [...coreFaults, ...v4Faults, ...serverFaults]) {
      expect(fault.clauses.length, fault.name).toBeGreaterThan(0);
      for (const clause of fault.clauses) expect(ids.has(clause), `${fault.name} -> ${clause}`).toBe(true);
    }
  });

  it('are each checked in code, and every check is declared', () => {
    // reference/v4/faults.ts declares the v4 routes' further switches, reference/server/faults.ts the shared
    // request handling's; they are checked in the same code.
    const declared = new Set([...coreFaults, ...v4Faults, ...serverFaults].map((f) => f.name));
    for (const name of declared) expect(checked.has(name), name).toBe(true);
    for (const name of checked) expect(declared.has(name), name).toBe(true);
  });

  it('startReference refuses unknown fault names', async () => {
    await expect(startReference({ faults: ['no.such.fault'] })).rejects.toThrow(/unknown fault/);
    expect((await listFaults()).length).toBeGreaterThanOrEqual(coreFaults.length);
  });
});
