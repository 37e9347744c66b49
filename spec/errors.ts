// The one module of the tool's errors (undici's way: one base class, a stable code on each). Every error the
// tool throws on purpose is an McsError whose `code` (MCS_ERR_*) callers switch on, never its message or its
// class name: a code survives a second copy of a module (the runner's and a worker's module graphs) and the
// worker's serialization of a failure, where neither `instanceof` nor a class works. It lives in spec/, which
// every folder may import (results/ imports nothing else; the suites and the reference meet only there), and
// it imports nothing.

export const errorCodes = {
  /** A failed expectation of a check: the target broke a clause (harness/checks/failure.ts). */
  checkFailed: 'MCS_ERR_CHECK_FAILED',
  /** What a check waited for (a delivery, a report) did not come in time: a failed expectation where it was due. */
  nothingArrived: 'MCS_ERR_NOTHING_ARRIVED',
  /** A check the target lacks what it needs for: reported not verifiable, with the reason. */
  notVerifiable: 'MCS_ERR_NOT_VERIFIABLE',
  /** The run stopped (deadline, circuit breaker) before the work: not run. */
  runStopped: 'MCS_ERR_RUN_STOPPED',
  /** The target could not be judged (TargetError and its kinds below share the prefix). */
  target: 'MCS_ERR_TARGET',
  transport: 'MCS_ERR_TARGET_TRANSPORT',
  control: 'MCS_ERR_TARGET_CONTROL',
  controlAdapter: 'MCS_ERR_TARGET_CONTROL_ADAPTER',
  /** The target answered nothing before the run (pre-flight). */
  unreachable: 'MCS_ERR_UNREACHABLE',
  /** A webhook receiver's wait ended before enough deliveries matched. */
  deliveryWaitTimeout: 'MCS_ERR_DELIVERY_WAIT_TIMEOUT',
  config: 'MCS_ERR_CONFIG',
  usage: 'MCS_ERR_USAGE',
  imageFlag: 'MCS_ERR_IMAGE_FLAG',
  imageTarget: 'MCS_ERR_IMAGE_TARGET',
  claim: 'MCS_ERR_CLAIM',
  expectations: 'MCS_ERR_EXPECTATIONS',
  signingKey: 'MCS_ERR_SIGNING_KEY',
  loadUsage: 'MCS_ERR_LOAD_USAGE',
  loadSetup: 'MCS_ERR_LOAD_SETUP',
  sloSyntax: 'MCS_ERR_SLO_SYNTAX',
  remoteTarget: 'MCS_ERR_REMOTE_TARGET',
  incoherentShards: 'MCS_ERR_INCOHERENT_SHARDS',
  /** A report or load file could not be written whole (the system's own code in `systemCode`). */
  reportWrite: 'MCS_ERR_REPORT_WRITE',
  /** Another run holds the reports folder or output file (its lock names the pid). */
  outputInUse: 'MCS_ERR_OUTPUT_IN_USE',
} as const;

export type McsErrorCode = (typeof errorCodes)[keyof typeof errorCodes];

/** The base of the tool's errors: a one-line message and a stable code. */
export class McsError extends Error {
  override name = 'McsError';
  readonly code: McsErrorCode | 'MCS_ERR' = 'MCS_ERR';
}

/** The tool's code of `error` (an McsError, or one serialized from a worker), or undefined. */
export function codeOf(error: unknown): McsErrorCode | undefined {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' && (Object.values(errorCodes) as string[]).includes(code) ? (code as McsErrorCode) : undefined;
}

/** Whether `error` carries `code`, or one of its kind (`MCS_ERR_TARGET` covers `MCS_ERR_TARGET_TRANSPORT`). */
export function hasCode(error: unknown, code: McsErrorCode): boolean {
  const own = codeOf(error);
  return own !== undefined && (own === code || own.startsWith(`${code}_`));
}
