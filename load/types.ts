// The vocabulary shared by profiles, load models and results. Profiles are declarative: they say what
// one request looks like and how to judge its response; the load models decide when requests go out.

/** Where a profile sends its load. URLs only: load/ never starts or imports the reference. */
export interface Target {
  /** The v4 API's root, `{base_url}/v4` (for example http://127.0.0.1:4000/v4): TargetConfig's name for it. */
  v4Url: string;
  v2Url?: string;
  /** Control API of a test deployment (creates isolated organizations with fixtures). */
  controlUrl?: string;
  /** API key to use when no control API is available. */
  apiKey?: string;
  /** webhook-receiver profile: the integrator endpoint to fire deliveries at, and its secret. */
  receiverUrl?: string;
  receiverSecret?: string;
}

/** Which share of a run this process is: index in [0, count). */
export interface Shard {
  index: number;
  count: number;
}

export interface LoadRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Path relative to the profile's base URL (its path prefix is kept), starting with '/'. */
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export interface LoadResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export type CheckOutcome = { ok: true } | { ok: false; code: string };

/** What a profile's setup gets: the target, the shard and a run id shared by every shard of one run. */
export interface ProfileContext {
  target: Target;
  shard: Shard;
  runId: string;
  /** Options given on the command line that only some profiles read (e.g. replayShare). */
  options: Record<string, string | undefined>;
  log(line: string): void;
}

/** Delivery figures of the webhook profiles. Latencies are recorded in the run's histogram units (µs). */
export interface DeliveryReport {
  expected: number;
  delivered: number;
  lost: number;
  duplicated: number;
  badlySigned: number;
  unmatched: number;
  /** End-to-end latencies in microseconds (send accepted -> verified delivery). */
  latenciesUs: number[];
}

export interface VerifyReport {
  ok: boolean;
  /** Short human lines, e.g. "1 key produced 2 message ids". */
  findings: string[];
  figures: Record<string, number>;
  delivery?: DeliveryReport;
}

export interface ProfileState {
  /** Base URL every request path is relative to (target.v4Url, or another, e.g. a receiver). */
  baseUrl: string;
  /** Headers the runner adds to every request (credentials); never printed. */
  headers: Record<string, string>;
}

export interface Profile<S extends ProfileState = ProfileState> {
  name: string;
  description: string;
  setup(context: ProfileContext): Promise<S>;
  /** The i-th request of this shard; `globalIndex` is unique across shards. Called at send time. */
  request(state: S, i: number): LoadRequest;
  check(response: LoadResponse, state: S, i: number): CheckOutcome;
  /** Called once the run has ended: checks that need the whole run (duplicates, deliveries). */
  verify?(state: S): Promise<VerifyReport>;
  teardown?(state: S): Promise<void>;
}
