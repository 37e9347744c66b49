// Every fault switch of the reference: the core ones (reference/core-faults.ts), messaging's, events', the v4
// routes' and the server's (each file exporting `faults: FaultDecl[]`).
import { coreFaults } from './core-faults.js';
import { faults as messagingFaults } from './messaging/faults.js';
import { faults as eventFaults } from './events/faults.js';
import { faults as v4Faults } from './v4/faults.js';
import { faults as serverFaults } from './server/faults.js';

export interface FaultDecl {
  name: string;
  description: string;
  /** Ids of spec/clauses.yaml that the fault breaks (the suite must report one of them as failed). */
  clauses: string[];
}

/** Every declared fault, the core ones first. */
export async function listFaults(): Promise<FaultDecl[]> {
  return [...coreFaults, ...messagingFaults, ...eventFaults, ...v4Faults, ...serverFaults];
}

/** Throws when a name is not a declared fault. */
export async function checkFaultNames(names: readonly string[]): Promise<void> {
  if (names.length === 0) return;
  const known = new Set((await listFaults()).map((f) => f.name));
  const unknown = names.filter((n) => !known.has(n));
  if (unknown.length > 0) throw new Error(`unknown fault${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}`);
}
