// The open model's ceiling: measured before a run (a calibration on a worker thread against a stand-in)
// and said plainly when the asked rate is beyond it, before and after the run.
import { describe, expect, it } from 'vitest';
import { calibrateCeiling, ceilingLine } from './ceiling.js';
import { postProbe, probeRef } from './probe-profiles.js';
import { BEYOND, generatorLine, type LoadResult } from './result.js';

describe('generator ceiling', () => {
  it('is measured on a worker thread from the profile\'s own requests', async () => {
    const ceiling = await calibrateCeiling({ profile: postProbe, profileRef: probeRef(postProbe), state: { baseUrl: 'http://127.0.0.1:1/v4', headers: {} }, workers: 3 });
    expect(ceiling).toBeDefined();
    expect(ceiling?.busyUsPerRequest).toBeGreaterThan(0);
    // Three workers schedule three times what the one measured worker can.
    const { busyUsPerRequest, ceilingRate } = ceiling ?? { busyUsPerRequest: 0, ceilingRate: 0 };
    expect(Math.abs((ceilingRate * busyUsPerRequest) / 3e6 - 1)).toBeLessThan(0.01);
  });

  it('says a rate beyond it is beyond the generator, before and after the run', () => {
    const ceiling = { busyUsPerRequest: 100, ceilingRate: 10_000 };
    expect(ceilingLine(ceiling, 1, 9000, BEYOND)).toMatch(/9000\/s is beyond the generator/);
    expect(ceilingLine(ceiling, 1, 5000, BEYOND)).not.toMatch(/beyond/);
    const result = (rate: number): LoadResult => ({ model: { kind: 'open', rate, inFlight: 256 }, shards: [{ index: 0, count: 2 }], generator: { workers: 2, busyUsPerRequest: 200, ceilingRate: 10_000 } }) as LoadResult;
    // A shard sends its share of the total rate: 2 × 9000/s is 9000/s here.
    expect(generatorLine(result(18_000))).toMatch(/9000\/s here\) is beyond the generator/);
    expect(generatorLine(result(10_000))).not.toMatch(/beyond/);
  });
});
