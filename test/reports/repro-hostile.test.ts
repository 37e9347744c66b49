// A replay script a target cannot steer (issue 42, item 1): its variables are named by the suite (the step and
// the field path), whatever keys the target's answers carry, so an answer holding PATH, IFS or HOME names no
// variable the shell or curl reads; and an id that needs percent-encoding goes into the URL exactly as the run
// sent it, computed from the replay's own (fresh) id.
import { execFile } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reproScript } from '../../reports/repro.js';
import type { Exchange } from '../../results/model.js';

const run = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), 'mcs-repro-hostile-'));
/** A folder holding a `curl` that, run, leaves a mark: what a target naming PATH would plant. */
const planted = join(dir, 'bin');
const mark = join(dir, 'planted-curl-ran');
/** An id needing encoding in a path and in a query: space, slash, query and fragment marks, quotes, a shell payload, non-ASCII. */
const hostileId = (n: number) => `ct_${n} a/b?c#d&e=f+g%h'i"j$(touch ${mark})~!*()é`;

let server: Server;
let base: string;
const seen: string[] = [];
let next = 0;

beforeAll(async () => {
  mkdirSync(planted);
  writeFileSync(join(planted, 'curl'), `#!/bin/sh\ntouch ${mark}\n`);
  chmodSync(join(planted, 'curl'), 0o755);
  server = createServer((request, response) => {
    seen.push(`${request.method} ${request.url}`);
    request.resume();
    request.on('end', () => {
      response.writeHead(request.method === 'POST' ? 201 : 500, { 'content-type': 'application/json' });
      // Every answer names the shell's variables, each pointing at the planted folder.
      const id = hostileId(++next);
      response.end(JSON.stringify({ data: { PATH: planted, IFS: '/', HOME: planted, CURL_HOME: planted, LD_PRELOAD: join(planted, 'x.so'), id, contact_id: id } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 30_000);

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  rmSync(dir, { recursive: true, force: true });
});

function exchange(method: string, url: string, status: number, answer: string): Exchange {
  return { request: { method, url, headers: { authorization: 'Bearer api_Zx…(masked)' } }, response: { status, headers: {}, body: answer }, durationMs: 1, curl: '' };
}

/** The names a script assigns (`NAME=...` at a line's start or after `;`). */
/**
 * The variables the script assigns: the script writes each assignment at the start of a line (and `R=` after
 * `STATUS=...;`). Text inside a line (a jq path, a message naming it) may hold `;X=` and assigns nothing.
 */
function assigned(script: string): string[] {
  return script.split('\n').flatMap((line) => {
    const first = /^([A-Za-z_][A-Za-z0-9_]*)=/.exec(line)?.[1];
    return first === undefined ? [] : first === 'STATUS' ? [first, ...[...line.matchAll(/; ([A-Za-z_][A-Za-z0-9_]*)=\$\(/g)].map((m) => m[1] ?? '')] : [first];
  });
}

const suiteNames = /^(?:R|STATUS|MCS_(?:API_KEY|TOKEN|SIGNING_SECRET)(?:_\d+)?|MCS_V\d+(?:_[A-Z0-9_]+)?)$/;

describe('a replay script a target cannot steer', () => {
  it('names its variables by step and field path, never by a key of the answer (PATH, IFS, HOME...)', () => {
    const old = hostileId(0);
    const answer = JSON.stringify({ data: { PATH: old, IFS: old, HOME: old, id: old } });
    const script = reproScript([exchange('POST', `${base}/v4/contacts`, 201, answer), exchange('GET', `${base}/v4/contacts/${encodeURIComponent(old)}`, 500, '{}')], { title: 't', failing: 1 });
    expect(assigned(script).filter((name) => !suiteNames.test(name))).toEqual([]);
    expect(script).toContain(`MCS_V1_DATA_ID=$(printf '%s' "$R" | jq -er '.data.id') || {`);
    expect(script).not.toMatch(/^(?:PATH|IFS|HOME)=/m);
  });

  it('reads a value under a key that is no identifier with a jq path jq 1.6 reads too, and says where an answer lacks it', async () => {
    const answer = JSON.stringify({ data: { 'x-ref': 'ct_ref123', id: 'ct_own456' } });
    const script = reproScript([exchange('POST', `${base}/v4/contacts`, 201, answer), exchange('GET', `${base}/v4/contacts/ct_ref123`, 500, '{}')], { title: 't', failing: 1 });
    const line = script.split('\n').find((text) => text.startsWith('MCS_V1_DATA_X_REF='));
    expect(line).toContain(`jq -er '.data["x-ref"]'`);
    // The line as the replay runs it: with the answer the run saw, the value; with an answer without it, an
    // empty value and a line on stderr saying so, and the replay goes on.
    const replay = (body: string) => run('/bin/sh', ['-c', `R='${body}'\n${line ?? 'false'}\nprintf '%s' "$MCS_V1_DATA_X_REF"`], { timeout: 30_000 }).then(({ stdout, stderr }) => ({ code: 0, stdout, stderr }), (error: { code: number; stdout: string; stderr: string }) => error);
    expect(await replay(answer)).toMatchObject({ code: 0, stdout: 'ct_ref123' });
    expect(await replay('{"data":{}}')).toMatchObject({ code: 0, stdout: '', stderr: expect.stringMatching(/^# step 1: its answer holds no \.data\[x-ref\], which a later step uses: the replay goes on without it/) });
  });

  it('says when the report kept only the first and last requests of the check', () => {
    const script = reproScript([exchange('POST', `${base}/v4/contacts`, 201, '{}'), exchange('GET', `${base}/v4/contacts`, 500, '{}')], { title: 't', failing: 1, dropped: 4 });
    expect(script).toMatch(/^# The check made 4 more request\(s\) between step 1 and the last, which the report does not keep: they are not$/m);
  });

  it('whatever keys and values a target answers with, every variable is one of the suite', () => {
    const key = fc.oneof(fc.constantFrom('PATH', 'IFS', 'HOME', 'CURL_HOME', 'LD_PRELOAD', 'BASH_ENV', 'ENV', 'PS4', 'id', 'chat_id', '__proto__', 'a b', '$(x)'), fc.string({ maxLength: 12 }));
    const answer = fc.dictionary(key, fc.oneof(fc.constant('ct_abc123'), fc.dictionary(key, fc.constant('chat_xyz789'), { maxKeys: 3 })), { maxKeys: 6 });
    fc.assert(
      fc.property(answer, (data) => {
        const script = reproScript(
          [exchange('POST', `${base}/v4/contacts`, 201, JSON.stringify({ data })), exchange('GET', `${base}/v4/chats/chat_xyz789?contact=ct_abc123`, 500, '{}')],
          { title: 't', failing: 1 },
        );
        expect(assigned(script).filter((name) => !suiteNames.test(name))).toEqual([]);
      }),
      { numRuns: 200 },
    );
  });

  it('replayed, sends each fresh id percent-encoded in path and query as the run sent its own, and runs no planted curl', async () => {
    const old = hostileId(0);
    const recorded = [
      exchange('POST', `${base}/v4/contacts`, 201, JSON.stringify({ data: { PATH: planted, IFS: '/', HOME: planted, id: old, contact_id: old } })),
      exchange('GET', `${base}/v4/contacts/${encodeURIComponent(old)}/identities?${new URLSearchParams({ contact: old, limit: '2' }).toString()}`, 500, '{"error":{"code":"x"}}'),
    ];
    const script = reproScript(recorded, { title: 'contacts/x: a hostile id', failing: 1 });
    seen.length = 0;
    next = 0;
    const env = { ...process.env, MCS_API_KEY: 'api_real' };
    const { stdout } = await run('/bin/sh', ['-c', script], { env, timeout: 30_000, cwd: dir });
    const fresh = hostileId(1);
    expect(seen).toEqual(['POST /v4/contacts', `GET /v4/contacts/${encodeURIComponent(fresh)}/identities?${new URLSearchParams({ contact: fresh, limit: '2' }).toString()}`]);
    expect(stdout).toContain('# step 2 answered 500 (the run saw 500; the request that failed the check)');
    expect(existsSync(mark)).toBe(false);
  });
});
