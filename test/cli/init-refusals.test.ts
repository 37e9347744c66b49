// mcs init refuses a URL that is not http(s) in one line naming the flag, and never shows the URL: a refused
// URL may still carry a credential.
import { describe, expect, it } from 'vitest';
import { timeLimit } from '../support/pace.js';
import { runMcs } from '../support/run-mcs.js';

describe('mcs init with a URL it refuses', () => {
  it.each([['--base-url'], ['--v2-base-url']])('names %s, exit 2, and shows no part of the URL', async (flag) => {
    const bad = 'http://someone:hunter2secret@127.0.0.1:9/v4 with a space';
    const given = flag === '--base-url' ? ['--base-url', bad] : ['--base-url', 'http://127.0.0.1:9', '--v2-base-url', bad];
    const run = await runMcs(['init', ...given, '--api-key', 'k', '--out', '/nonexistent/target.yaml'], { work: { mcsRuns: 1 } });
    expect(run.code).toBe(2);
    expect(run.stderr.trim().split('\n')).toEqual([expect.stringContaining(`${flag} is not an http(s) URL`)]);
    expect(`${run.stdout}${run.stderr}`).not.toMatch(/hunter2|someone/);
  }, timeLimit({ mcsRuns: 1 }));
});
