/* eslint-disable no-control-regex -- this file is about control characters: it matches them on purpose */
// Every output of a hostile run inert (issue 42, item 2): a target whose every error code and message holds
// terminal sequences (ESC, BEL, C1's CSI), bidi controls and zero-width characters is certified, its report
// rendered again, its coverage listed, its set-up examined by doctor, and loaded by `mcs load` (its sends
// refused with those codes); no byte of stdout, stderr or any file written holds one of them raw, and each
// shows as a visible escape.
import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReference } from '../../reference/index.js';
import { runMcs } from '../support/run-mcs.js';
import { rewritingProxy, type RewritingProxy } from './rewriting-proxy.js';

const bound = 600_000;
const hostile = '\u001b]0;pwned\u0007\u001b[31m\u009b2J\u202eevil\u2066\u2069\u200b\u200d\ufeff\u061c';
const forbidden = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2060\u2066-\u2069\ufeff]/g;

/** Each forbidden character raw in an output, as `U+XXXX in NAME`. */
function found(outputs: Record<string, string>): string[] {
  return Object.entries(outputs).flatMap(([name, text]) => [...new Set([...text.matchAll(forbidden)].map((m) => m[0]))].map((char) => `U+${(char.codePointAt(0) ?? 0).toString(16).padStart(4, '0')} in ${name}`));
}

/** Every error the target answers carries the hostile text as its code and message; its sends are refused with it. */
function hostileErrors(request: { method: string; path: string }, status: number, body: string): string | { status: number; body: string } {
  if (request.method === 'POST' && /^\/v4\/messages(?:\?|$)/.test(request.path)) return { status: 500, body: JSON.stringify({ error: { code: hostile, message: hostile, details: {} } }) };
  if (status < 400) return body;
  try {
    const parsed = JSON.parse(body) as { error?: unknown; message?: unknown; code?: unknown };
    if (typeof parsed.error === 'object' && parsed.error !== null) return JSON.stringify({ ...parsed, error: { ...parsed.error, code: hostile, message: hostile } });
    return JSON.stringify({ ...parsed, error: hostile, message: hostile, ...(parsed.code === undefined ? {} : { code: hostile }) });
  } catch {
    return body;
  }
}

let reference: Awaited<ReturnType<typeof startReference>>;
let proxy: RewritingProxy;
let dir: string;
const outputs: Record<string, string> = {};

async function keep(name: string, run: { code: number | null; stdout: string; stderr: string }): Promise<void> {
  outputs[`${name} stdout`] = run.stdout;
  outputs[`${name} stderr`] = run.stderr;
}

async function keepFiles(folder: string): Promise<void> {
  for (const name of await readdir(folder)) outputs[join(folder, name)] = await readFile(join(folder, name), 'utf8');
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mcs-inert-run-'));
  reference = await startReference({ log: () => undefined });
  proxy = await rewritingProxy(reference.urls.base, { response: hostileErrors });
});

afterAll(async () => {
  await proxy?.close();
  await reference?.close();
});

describe('a hostile run leaves no control, bidi or zero-width character raw in any output', { timeout: bound * 2 }, () => {
  it('certify, report, coverage, doctor and load alike', async () => {
    const reports = join(dir, 'reports');
    const certify = await runMcs(['certify', '--base-url', proxy.url, '--v2-base-url', reference.urls.v2, '--control-url', reference.urls.control, '--only', 'contacts,errors', '--runs', '1', '--seed', '3', '--verbose', '--reports-dir', reports], { timeoutMs: bound });
    expect(certify.code, certify.stderr.slice(-2000)).toBe(1);
    await keep('certify', certify);
    await keepFiles(reports);
    expect(certify.stdout).toContain('\\u202eevil');

    const rendered = join(dir, 'rendered');
    await keep('report', await runMcs(['report', '--from', join(reports, 'report.json'), '--out', rendered], { timeoutMs: bound }));
    await keepFiles(rendered);
    await keep('coverage', await runMcs(['coverage', '--from', join(reports, 'report.json')], { timeoutMs: bound }));
    await keep('coverage --json', await runMcs(['coverage', '--from', join(reports, 'report.json'), '--json'], { timeoutMs: bound }));

    const key = [...proxy.bearers].find((bearer) => bearer.startsWith('api_')) ?? '';
    await keep('doctor', await runMcs(['doctor', '--base-url', proxy.url, '--api-key', key], { timeoutMs: bound }));

    const load = join(dir, 'load');
    const loadRun = await runMcs(['load', 'send', '--base-url', proxy.url, '--control-url', reference.urls.control, '--rate', '5', '--duration', '2', '--out', join(load, 'send.json'), '--html', join(load, 'send.html')], { timeoutMs: bound });
    await keep('load', loadRun);
    await keepFiles(load);
    expect(loadRun.stdout).toMatch(/^errors: .* codes \\x1b\]0;pwned\\x07\\x1b\[31m\\x9b2J\\u202eevil/m);

    console.info(`outputs searched: ${Object.keys(outputs).length}, ${Object.values(outputs).reduce((n, text) => n + text.length, 0)} characters`);
    expect(found(outputs)).toEqual([]);
  });
});
