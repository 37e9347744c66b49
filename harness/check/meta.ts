// What a check leaves in its vitest task meta for the runner (serializable), and what the runner gives
// the workers through vitest `provide`/`inject`.
import type { Exchange } from '../../reports/model.js';
import type { TargetConfig } from '../config/types.js';
import type { TargetSettings } from '../fixtures/control-client.js';
import type { Selection } from '../runner/selection.js';

export interface McsTaskMeta {
  area: string;
  name: string;
  title: string;
  clauses: string[];
  exchanges: Exchange[];
  /** Set when the check did not run to a verdict: excluded by the selection, or not verifiable. */
  outcome?: 'not-verifiable' | 'excluded';
  reason?: string;
  /** Readings a careful implementer would avoid that the description allows (`t.warn`): outcome `warning`. */
  warnings?: string[];
  /** A failed property: the seed and path that replay it. */
  replay?: { seed: number; path: string };
}

export interface RunContext {
  target: TargetConfig;
  /** True when the target answered the control API probe. */
  control: boolean;
  /** What the control API announced for the description's silent spots (the MCS_* environment overrides it). */
  targetSettings?: TargetSettings;
  seed: number;
  /** fast-check runs per property; undefined: each property's own default. */
  runs?: number;
  /** Replays one property failure (use with --only naming that check). */
  replayPath?: string;
  selection: Selection;
}

declare module 'vitest' {
  interface TaskMeta {
    mcs?: McsTaskMeta;
  }
  interface ProvidedContext {
    mcsRun: RunContext;
  }
}
