// What `startImageTarget` takes and gives back: a container image started as a certification target.

export interface ImageReadiness {
  /** A path inside the container's HTTP server (as given, not under basePath) that must answer 2xx. */
  path?: string;
  /** A text the container must print (stdout or stderr) before it counts as ready. */
  logLine?: string;
  /** How long to wait for the readiness conditions (default 60 s). */
  timeoutMs?: number;
}

export interface ImageTargetOptions {
  /** NAME[:TAG]; a local image is used as is, a missing one is pulled (where a registry is reachable). */
  image: string;
  /** The port the service listens on inside the container (default 8080). */
  containerPort?: number;
  /** Environment of the container. Values of names that look secret are masked in the logs. */
  env?: Record<string, string>;
  /** Where v4, v2 and the control API live inside the container: {basePath}/v4, /v2, /__control. */
  basePath?: string;
  /** Default: the server answers HTTP at all (any status) at {basePath}/v4. */
  readiness?: ImageReadiness;
  /**
   * The Docker network of the container. 'host' shares this machine's network: the service is reached at
   * 127.0.0.1:{containerPort} (which must be free), and it reaches the suite's webhook receiver on
   * loopback, which a bridged container cannot. Any other network: the port is published on loopback.
   * Default: 'host' where the engine is a local socket on Linux, else 'bridge' (see defaultNetwork).
   */
  network?: string;
  /** Extra labels on the container (the module always sets CONTAINER_LABEL). */
  labels?: Record<string, string>;
  /**
   * Signals the caller handles itself, e.g. ['SIGINT'] where Ctrl-C means "write the results so far".
   * The container is stopped on every SIGINT/SIGTERM/SIGHUP; the process is then ended by the signal
   * unless it is listed here, in which case ending is the caller's business.
   */
  signalsHandledByCaller?: NodeJS.Signals[];
}

export interface TargetUrls {
  /** http://127.0.0.1:PORT{basePath}: where the container's server is reached from this machine. */
  base: string;
  v4: string;
  v2: string;
  control: string;
}

export interface ImageTarget {
  urls: TargetUrls;
  /** The Docker network it runs on: the one asked for, else 'host' for a local engine on Linux, else 'bridge'. */
  network: string;
  containerId: string;
  /** Everything the container printed so far (bounded, secrets masked). Still answers after stop(). */
  logs(): Promise<string>;
  /** Stops and removes the container. Idempotent; never throws. */
  stop(): Promise<void>;
}

export type EngineStatus = { ok: true } | { ok: false; reason: string };

/** Every container this module starts carries this label (value: the image), so leftovers can be found. */
export const CONTAINER_LABEL = 'org.mcs-conformance.certification-target';
