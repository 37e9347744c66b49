// What a check leaves in its vitest task meta for the runner (serializable), and what the runner gives
// the workers through vitest `provide`/`inject`.
import type { BrokenClause, Exchange } from '../../results/model.js';
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
  /** Requests of the check not kept in `exchanges` (recorder.ts keeps its first ones and its last). */
  exchangesDropped?: number;
  /** Set when the check did not come to pass or fail: excluded, not verifiable, not claimed, error (target not judged), not run (run stopped). */
  outcome?: 'not-verifiable' | 'excluded' | 'not-claimed' | 'error' | 'not-run';
  reason?: string;
  /** Index in `exchanges` of the request the failure judged, when the failure names it. */
  failedExchange?: number;
  /** Readings a careful implementer would avoid that the description allows (`t.warn`): outcome `warning`. */
  warnings?: string[];
  /** A failed property: the seed and path that replay it. */
  replay?: { seed: number; path: string };
  /** The failure broke another clause than the check's own: a prerequisite's or a read-back's (attribution.ts). */
  brokenClause?: BrokenClause;
}

export interface RunContext {
  target: TargetConfig;
  /** True when the target creates organizations of the checks' own (its control API offers createOrganization). */
  control: boolean;
  /** The control operations the target offers (its control API or adapter); undefined: none at all. */
  controlOperations?: string[];
  /** What the control API announced for the description's silent spots (the MCS_* environment overrides it). */
  targetSettings?: TargetSettings;
  seed: number;
  /** fast-check runs per property; undefined: each property's own default. */
  runs?: number;
  /** Replays one property failure (use with --only naming that check). */
  replayPath?: string;
  selection: Selection;
  /** The features the target claims (results/claims.ts); undefined: every feature. */
  claims?: string[];
  /** The run's deadline and shared state (harness/http/run-guard.ts); each worker installs them. */
  bounds?: RunBounds;
}

/** What a check declares, on its task from collection on (before it runs). */
export interface DeclaredCheck {
  area: string;
  name: string;
  title: string;
  clauses: string[];
  /** Control operationIds, fixtures and 'v2' (harness/check/needs.ts). */
  needs: string[];
}

declare module 'vitest' {
  interface TaskMeta {
    mcs?: McsTaskMeta;
    mcsCheck?: DeclaredCheck;
  }
  interface ProvidedContext {
    mcsRun: RunContext;
  }
}
