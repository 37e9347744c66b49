// A vendor certifies the same sandbox again and again: what earlier runs left there (keys deprecated, lines
// removed or moved, numbers bought, subscriptions, contacts, messages) must never fail a later run of the
// correct reference. What a run used up (its removable lines) leaves checks not verifiable, never failed.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { certifyTarget, failuresOf, sandboxAdapter, startVendorTarget, type VendorTarget } from '../support/vendor-target.js';
import { timeLimit } from '../support/pace.js';

describe('the same vendor sandbox certified three times', () => {
  let dir: string;
  let vendor: VendorTarget;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'mcs-same-sandbox-'));
    vendor = await startVendorTarget({ dir, fixtures: 'full' });
  });
  afterAll(async () => {
    await vendor.close();
    await rm(dir, { recursive: true, force: true });
  });

  for (const [run, withAdapter] of [[1, false], [2, true], [3, false]] as const) {
    it(`run ${run}${withAdapter ? ' (through the adapter)' : ''} fails no check`, async () => {
      const report = await certifyTarget(vendor, 'full', { seed: 2_000 + run, ...(withAdapter ? { controlAdapter: sandboxAdapter } : {}) });
      expect(failuresOf(report)).toEqual([]);
    }, timeLimit({ certifications: 1 }));
  }
});
