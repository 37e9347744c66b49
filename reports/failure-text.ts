// What a failed check says, in the same words wherever a report shows it as text (the console, JUnit, the
// HTML page): its message in plain words, what was expected and what was found, and the command that replays it.
import { inPlainWords } from '../results/failure-words.js';
import type { CheckResult } from '../results/model.js';
import { shellQuote, shellWord } from '../text/shell.js';

export interface FailureText {
  message: string;
  expected?: string;
  actual?: string;
  /** The command that replays the failure (a property's), ready to paste into a shell. */
  replay?: string;
}

type Failed = Pick<CheckResult, 'id' | 'clauses' | 'failure'>;

/**
 * The command that replays one failed check, pasted into a POSIX shell: `mcs certify --only <check id> --seed
 * N --replay-path '<path>'` for a property failure that recorded its path (that counterexample, in that check
 * alone: a path given to a whole area would steer every property in it), `mcs certify --only <check id> --seed
 * N` with the run's seed for a property failure that did not; none for any other failure.
 */
export function replayCommand(check: Failed, runSeed: number): string | undefined {
  const failure = check.failure;
  const only = `mcs certify --only ${shellWord(check.id)}`;
  if (failure?.replay !== undefined) return `${only} --seed ${failure.replay.seed} --replay-path ${shellQuote(failure.replay.path)}`;
  if (check.clauses.length > 0 && failure?.message.startsWith('property')) return `${only} --seed ${runSeed}`;
  return undefined;
}

/** The words of a check's failure; undefined for a check without one. */
export function failureText(check: Failed, runSeed: number): FailureText | undefined {
  const failure = check.failure;
  if (failure === undefined) return undefined;
  const replay = replayCommand(check, runSeed);
  return {
    message: inPlainWords(failure.message),
    ...(failure.expected === undefined ? {} : { expected: failure.expected }),
    ...(failure.actual === undefined ? {} : { actual: failure.actual }),
    ...(replay === undefined ? {} : { replay }),
  };
}
