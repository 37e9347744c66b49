/* eslint-disable no-control-regex -- this file is about control characters: it matches them on purpose */
// The console boundary of certify (issue 33, item 1): whatever a target sent, the progress lines, the status
// line, the summary's styled blocks and the one-line errors on stderr carry no control character a terminal
// acts on; our own colours still work around the escaped text.
import { describe, expect, it } from 'vitest';
import { formatError, UsageError } from '../../cli/errors.js';
import { Progress, type ProgressOptions } from '../../reports/console/progress.js';
import { styleFailures, styleFor, styleInert } from '../../reports/console/style.js';
import { closingLines } from '../../reports/console/judgement.js';
import type { CheckResult } from '../../results/model.js';

const payload = '\u001b]0;pwned\u0007\u001b[2J\u001b[31mred\u009b2J';
const shown = '\\x1b]0;pwned\\x07\\x1b[2J\\x1b[31mred\\x9b2J';
const coloured = styleFor({ isTTY: true }, {});
const plain = styleFor({ isTTY: false }, {});

/** Every ESC, BEL, C1 or CR that is not one of our own colour codes or the status line's erase. */
function foreign(text: string): string[] {
  const withoutOurs = text.replace(/\u001b\[(?:1|2|22|31|32|33|39)m|\r\u001b\[K/g, '');
  return [...withoutOurs.matchAll(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/g)].map((m) => JSON.stringify(m[0]));
}

function progressInto(options: Partial<ProgressOptions>) {
  let written = '';
  const out = { write: (text: string) => ((written += text), true), columns: 200 } as unknown as ProgressOptions['out'];
  const progress = new Progress({ interactive: false, root: '/repo', tick: false, out, ...options });
  return { progress, text: () => written };
}

const check = (extra: Partial<CheckResult>): CheckResult => ({ id: `area/${payload}`, area: 'area', title: 't', clauses: [], outcome: 'error', durationMs: 1, exchanges: [], ...extra });

describe('certify console: target text is shown inert', () => {
  for (const [name, style] of [['without colour', plain], ['with colour', coloured]] as const) {
    it(`progress lines, verbose check lines and the status line (${name})`, () => {
      for (const interactive of [false, true]) {
        const { progress, text } = progressInto({ style, interactive, verbosity: 'verbose' });
        progress.phase(`probing ${payload}`);
        progress.checkStarted(`area/${payload}`);
        progress.checkDone(check({ reason: `control API answered 500 (${payload})` }));
        progress.line(`error (1): ${payload}`);
        progress.end();
        expect(foreign(text())).toEqual([]);
        expect(text()).toContain(shown);
      }
    });
  }

  it('styled blocks escape before they colour, so the colour codes are ours alone', () => {
    const failures = styleFailures(`FAIL area/x\n  expected code, got ${payload}`, coloured);
    expect(foreign(failures)).toEqual([]);
    expect(failures).toContain('\u001b[31mFAIL area/x\u001b[39m');
    expect(failures).toContain(shown);
    expect(styleInert(`warning: ${payload}`, 'warn', coloured)).toBe(`\u001b[33mwarning: ${shown}\u001b[39m`);
    expect(foreign(closingLines({ verdict: payload, passed: false, seed: 1, elapsedMs: 1, style: coloured }))).toEqual([]);
  });

  it('one-line errors on stderr (pre-flight, adapter exceptions, codes)', () => {
    const error = Object.assign(new Error(`control API POST /organizations answered 500 (${payload})\nsecond line`), { code: payload });
    expect(formatError(error)).toBe(`control API POST /organizations answered 500 (${shown}) (${shown})`);
    expect(formatError(new UsageError(`a\rb ${payload}`))).toBe(`a\\x0db ${shown}`);
    expect(formatError(payload)).toBe(shown);
  });
});
