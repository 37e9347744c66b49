// Every fault switch of the reference: CORE's (reference/core-faults.ts) and MESSAGING's
// (reference/messaging/faults.ts, reference/events/faults.ts, each exporting `faults: FaultDecl[]`), and the
// v4 routes' own (reference/v4/faults.ts).
import { coreFaults } from './core-faults.js';
import { importOptional } from './server/optional-module.js';

export interface FaultDecl {
  name: string;
  description: string;
  /** Ids of spec/clauses.yaml that the fault breaks (the suite must report one of them as failed). */
  clauses: string[];
}

const optionalFaultFiles = ['messaging/faults.js', 'events/faults.js', 'v4/faults.js', 'server/faults.js'];

/** Every declared fault, CORE's first. */
export async function listFaults(): Promise<FaultDecl[]> {
  const all = [...coreFaults];
  for (const file of optionalFaultFiles) {
    const module = await importOptional<{ faults?: FaultDecl[] }>(file);
    if (module?.faults) all.push(...module.faults);
  }
  return all;
}

/** Throws when a name is not a declared fault. */
export async function checkFaultNames(names: readonly string[]): Promise<void> {
  if (names.length === 0) return;
  const known = new Set((await listFaults()).map((f) => f.name));
  const unknown = names.filter((n) => !known.has(n));
  if (unknown.length > 0) throw new Error(`unknown fault${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}`);
}
