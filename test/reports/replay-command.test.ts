// A failed property says how to replay it, and every report says it the same way (reports/failure-text.ts):
// the command the console prints and the one JUnit carries are one, and pasted into a POSIX shell it hands
// `mcs` exactly that check, that seed and that path, whatever the id or the path holds.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import type { CheckResult } from '../../results/model.js';
import { describeFailures } from '../../reports/console/failures.js';
import { renderJunit } from '../../reports/junit.js';
import { check, reportOf, testClauses } from '../support/results.js';

const runSeed = 77;

function failed(id: string, replay?: { seed: number; path: string }): CheckResult {
  return check(id, 'failed', ['contacts.merge.one'], { failure: { message: 'property failed after 3 runs: merge answered 409', ...(replay === undefined ? {} : { replay }) } });
}

/** The replay command of a text: what follows `replay:` on its line. */
function replayOf(text: string): string | undefined {
  return /^\s*replay:\s+(mcs certify .*)$/m.exec(text)?.[1];
}

function consoleCommand(failure: CheckResult): string | undefined {
  return replayOf(describeFailures([failure], testClauses, runSeed));
}

/** The command in JUnit's <failure> text, read back from the XML as a CI server reads it. */
function junitCommand(failure: CheckResult): string | undefined {
  const xml = renderJunit({ ...reportOf([failure]), seed: runSeed });
  const body = /<failure [^>]*>([\s\S]*?)<\/failure>/.exec(xml)?.[1] ?? '';
  return replayOf(body.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&'));
}

/** The arguments a POSIX shell hands `mcs` when the command is pasted into it (`mcs` stands in as a function). */
function argumentsInShell(command: string): string[] {
  const printed = execFileSync('sh', ['-c', `mcs() { printf '%s\\0' "$@"; }\n${command}`], { encoding: 'utf8' });
  return printed.split('\0').slice(0, -1);
}

describe('the replay command of a failed property', () => {
  it('is one command in the console and in JUnit: the check, its seed and its path', () => {
    const failure = failed('contacts/merge-is-idempotent', { seed: 1234567, path: '13:2:0' });
    const command = consoleCommand(failure);
    expect(command).toBe("mcs certify --only contacts/merge-is-idempotent --seed 1234567 --replay-path '13:2:0'");
    expect(junitCommand(failure)).toBe(command);
  });

  it('hands mcs exactly that check, seed and path through a shell, quotes, spaces and $ included', () => {
    for (const [id, path] of [
      ['contacts/merge-is-idempotent', '13:2:0'],
      ['errors/non-object-body-gets-400.v4.createContact', '0'],
      ["contacts/o'hara $(touch pwned) `id`", "1:2'; echo pwned; '"],
      ['contacts/two  spaces\tand a tab', '$HOME:*:?'],
    ]) {
      const failure = failed(id ?? '', { seed: 42, path: path ?? '' });
      const command = consoleCommand(failure) ?? '';
      expect(junitCommand(failure), id).toBe(command);
      expect(argumentsInShell(command), id).toEqual(['certify', '--only', id, '--seed', '42', '--replay-path', path]);
    }
  });

  it('replays a property failure that recorded no path with the run seed, alike in both', () => {
    const failure = failed('contacts/merge-is-idempotent');
    expect(consoleCommand(failure)).toBe(`mcs certify --only contacts/merge-is-idempotent --seed ${runSeed}`);
    expect(junitCommand(failure)).toBe(consoleCommand(failure));
    expect(argumentsInShell(consoleCommand(failure) ?? '')).toEqual(['certify', '--only', 'contacts/merge-is-idempotent', '--seed', String(runSeed)]);
  });

  it('is absent for a failure that is not a property', () => {
    const failure = check('contacts/plain', 'failed', ['contacts.merge.one'], { failure: { message: 'answered 500' } });
    expect(consoleCommand(failure)).toBeUndefined();
    expect(junitCommand(failure)).toBeUndefined();
  });
});
