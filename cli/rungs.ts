// The rungs of a vendor's road (README, "Without our control API"), apart from what writes their configs
// (sandbox-rungs.ts, which needs the harness): `mcs serve` parses --rung in the reference image, which holds no
// harness.
export const rungs = [0, 1, 2, 3, 4] as const;
export type Rung = (typeof rungs)[number];
