/* eslint-disable no-control-regex -- this file is about control characters: it matches them on purpose */
// Text from a target is shown, never executed (issue 33, item 1): a control API whose errors carry terminal
// escape sequences (retitle the window, clear the screen, turn the text red) gets them printed as visible
// `\x1b` escapes on stdout and stderr, in the pre-flight's one line and in every line of the run alike.
import { afterAll, describe, expect, it } from 'vitest';
import { apiKey, certify } from './support.js';
import { json, startServer, unauthorized, type HostileServer } from './servers.js';
import { proxiedReference, type ProxiedReference } from './proxy.js';

const bound = 180_000;
/** What a hostile control API answered in the wild. */
const payload = '\u001b]0;pwned\u0007\u001b[2J\u001b[31mred\u009b2J';
const shown = '\\x1b]0;pwned\\x07\\x1b[2J\\x1b[31mred\\x9b2J';
const errorBody = { error: { code: payload, message: payload, details: {} } };

/** No byte a terminal acts on, apart from line feeds (the runs are not on a terminal: no colour either). */
function controlCharacters(text: string): string[] {
  return [...text.matchAll(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/g)].map((m) => JSON.stringify(m[0]));
}

const closing: Array<{ close(): Promise<void> }> = [];
afterAll(async () => {
  await Promise.all(closing.map((server) => server.close()));
});

describe('escape sequences from a target are printed inert', { timeout: bound + 10_000 }, () => {
  it('pre-flight: a control API refusing to make an organization with an escape-laden code', async () => {
    const server: HostileServer = await startServer((request, response) => {
      if (request.url?.startsWith('/v4/')) return unauthorized(response);
      if (request.method === 'GET') return json(response, 200, { data: { version: '1' } });
      json(response, 500, errorBody);
    });
    closing.push(server);
    const run = await certify(['--base-url', server.url, '--control-url', `${server.url}/__control`, '--api-key', apiKey], bound);
    expect(run.code, run.stderr).toBe(2);
    expect(controlCharacters(run.stderr)).toEqual([]);
    expect(controlCharacters(run.stdout)).toEqual([]);
    expect(run.stderr).toContain(shown);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
  });

  it('mid-run: every line naming the control API answer shows the escapes, stdout and stderr alike', async () => {
    const target: ProxiedReference = await proxiedReference((request, response) => {
      if (!/\/inbound\/messages$/.test(request.url ?? '')) return false;
      json(response, 500, errorBody);
      return true;
    });
    closing.push(target);
    const run = await certify(['--base-url', target.baseUrl, '--v2-base-url', target.v2BaseUrl, '--control-url', target.controlUrl, '--only', 'messages,webhooks', '--timeout', '5000', '--verbose'], bound);
    expect(target.answered.length).toBeGreaterThan(0);
    expect([1, 2, 3]).toContain(run.code); // failed, unusable, or incomplete (only errors: exit 3)
    expect(controlCharacters(run.stdout)).toEqual([]);
    expect(controlCharacters(run.stderr)).toEqual([]);
    expect(run.stdout).toContain('\\x1b]0;pwned\\x07');
    // The reports keep the evidence as sent (their formats escape it themselves).
    expect(run.outputs['report.json']).toContain('\\u001b]0;pwned');
  });
});
