// What a check leaves in its vitest task meta for the runner (serializable), and what the runner gives
// the workers through vitest `provide`/`inject`.
import type { Exchange } from '../../reports/model.js';
import type { TargetConfig } from '../config/types.js';
import type { TargetSettings } from '../fixtures/control-client.js';
import type { RunBounds } from '../http/run-guard.js';
import type { Selection } from '../runner/selection.js';

export interface McsTaskMeta {
  area: string;
  name: string;
  title: string;
  clauses: string[];
  exchanges: Exchange[];
  /** Set when the check did not come to pass or fail: excluded, not verifiable, error (target not judged), not run (run stopped). */
  outcome?: 'not-verifiable' | 'excluded' | 'error' | 'not-run';
  reason?: string;
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
  /** The run's deadline and shared state (harness/http/run-guard.ts); each worker installs them. */
  bounds?: RunBounds;
}

declare module 'vitest' {
  interface TaskMeta {
    mcs?: McsTaskMeta;
  }
  interface ProvidedContext {
    mcsRun: RunContext;
  }
}
