// The exit codes of every `mcs` command. A module of its own, imported by results/verdict.ts and by the CLI's
// entry, which the reference image runs too (it holds no other verdict code: .dockerignore).
/**
 * The exit codes of every `mcs` command, in one place. `incomplete` has a code of its own, so that a CI job
 * or a shell tells "nothing failed, but in-scope clauses were not verified" from "a clause failed" without
 * reading certificate.json. It is 3: the next code after the three that were there (0, 1, 2), non-zero so
 * that a job that does not ask still fails (a certificate that says more than was checked is worse than
 * none), and clear of the codes a shell or Node give (126-127, 128+signal; Node's own 3 is an internal
 * parse error it no longer raises). k6 does the like for a breached threshold (99).
 */
export const exitCodes = {
  /** Conformant; a command that did what was asked. */
  ok: 0,
  /** A clause failed (a check, an SLO, a stale expectation with --strict-expectations). */
  failed: 1,
  /** Bad input or an unusable target: one line on stderr. */
  usage: 2,
  /** Nothing failed, but in-scope clauses were not (or, before a run, cannot be) verified. */
  incomplete: 3,
} as const;
export type ExitCode = (typeof exitCodes)[keyof typeof exitCodes];
