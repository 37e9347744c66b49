// Every `mcs load` subcommand answers its own --help, and that text names every flag the subcommand accepts.
import { describe, expect, it } from 'vitest';
import { runMcsHere } from '../../../test/support/run-mcs-here.js';
import { capacityFlags } from './capacity.js';
import { k8sFlags } from './k8s.js';
import { mergeFlags } from './merge.js';
import { runFlags } from './options.js';

describe('mcs load ... --help', () => {
  it.each([
    ['send', runFlags, /^Usage:\n {2}mcs load <profile>/],
    ['capacity', capacityFlags, /^Usage: mcs load capacity/],
    ['merge', mergeFlags, /^Usage: mcs load merge/],
    ['k8s', k8sFlags, /^Usage: mcs load k8s/],
  ] as const)('mcs load %s --help lists every flag it accepts', async (sub, flags, usage) => {
    const r = await runMcsHere(['load', sub, '--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(usage);
    const missing = Object.keys(flags).filter((flag) => !new RegExp(`--${flag}\\b`).test(r.stdout));
    expect(missing).toEqual([]);
  });
});
