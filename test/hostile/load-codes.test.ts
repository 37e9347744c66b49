/* eslint-disable no-control-regex -- this file is about control characters: it matches them on purpose */
// `mcs load` against a target that chooses its error codes (issue 42, items 2 and 3): codes named like
// Object's own properties are counted exactly (the counts are maps without a prototype), their JSON is an
// ordinary object that `mcs load merge` accepts and adds up, and a code carrying escape sequences, NUL or
// bidi controls is shown inert on the console.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { errorCodeOf } from '../../load/error-code.js';
import { progressSink } from '../../load/progress.js';
import { formatResult, readResult, type LoadResult } from '../../load/result.js';
import { runLoad } from '../../load/runner.js';
import { startProbeTarget, type ProbeTarget } from '../../load/test-helpers.js';
import type { Profile } from '../../load/types.js';
import { saveResult } from '../../cli/commands/load/outputs.js';
import { runMcsHere } from '../support/run-mcs-here.js';

const hostile = '\u001b]0;pwned\u0007\u001b[31m\u0000red\u202eevil\u2066\u200b';
const codes = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', hostile];
/** Each code answered this many times per shard. */
const each = 4;

let target: ProbeTarget;
let dir: string;
let served = 0;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mcs-load-codes-'));
  target = await startProbeTarget((request, response) => {
    request.resume();
    const code = codes[served++ % codes.length];
    response.writeHead(500, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ error: { code, message: code, details: {} } }));
  });
});

afterAll(async () => {
  await target.close();
  await rm(dir, { recursive: true, force: true });
});

/** The probe profile, judging each answer by its error code as the send profiles do. */
const byCode = (probe: Profile): Profile => ({ ...probe, check: (response) => (response.status < 300 ? { ok: true } : { ok: false, code: errorCodeOf(response.body) }) });

async function shard(index: number): Promise<LoadResult> {
  served = 0;
  const { result } = await runLoad({ profile: byCode(target.probe), state: target.state, model: { kind: 'closed', connections: 1 }, shard: { index, count: 2 }, runId: 'codes', durationMs: 60_000, maxRequests: codes.length * each, timeoutMs: 30_000 });
  return result;
}

function controlsIn(text: string): string[] {
  return [...text.matchAll(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2060\u2066-\u2069\ufeff]/g)].map((m) => JSON.stringify(m[0]));
}

describe('mcs load against a target choosing its error codes', () => {
  it('counts __proto__, constructor, toString and hasOwnProperty exactly, and merge accepts and adds the shards', async () => {
    const results = [await shard(0), await shard(1)];
    for (const result of results) {
      expect(result.counts.errors).toBe(codes.length * each);
      for (const code of codes) expect(result.counts.byCode[code], code).toBe(each);
    }
    // As the files hold them: ordinary JSON objects, each code an own key.
    const files = await Promise.all(results.map(async (result, i) => {
      const file = join(dir, `shard${i}.json`);
      await saveResult(file, result);
      return file;
    }));
    const text = await readFile(files[0] ?? '', 'utf8');
    expect(JSON.parse(text).counts.byCode).toMatchObject({ ['__proto__']: each, constructor: each, toString: each });
    expect(controlsIn(text)).toEqual([]);
    expect((await readResult(files[0] ?? '')).counts.byCode[hostile]).toBe(each);

    const out = join(dir, 'merged.json');
    const merge = await runMcsHere(['load', 'merge', ...files, '--out', out]);
    expect(merge.stderr).toBe('');
    expect(merge.code).toBe(0);
    const merged = await readResult(out);
    expect(Object.getPrototypeOf(JSON.parse(await readFile(out, 'utf8')).counts.byCode)).toBe(Object.prototype);
    for (const code of codes) expect(Object.hasOwn(merged.counts.byCode, code) && merged.counts.byCode[code], code).toBe(2 * each);
    expect(merged.counts.errors).toBe(2 * codes.length * each);

    // The console: the codes line shows every code, each inert and on the one line.
    expect(controlsIn(merge.stdout)).toEqual([]);
    const line = merge.stdout.split('\n').find((l) => l.startsWith('errors:')) ?? '';
    expect(line).toContain(`__proto__=${2 * each} constructor=${2 * each} toString=${2 * each} hasOwnProperty=${2 * each}`);
    expect(line).toContain('\\x1b]0;pwned\\x07\\x1b[31m\\x00red\\u202eevil\\u2066\\u200b=8');
    expect(controlsIn(formatResult(merged))).toEqual([]);
  });

  it('redraws its progress on a terminal with no sequence but the erase the console lets through', () => {
    // A terminal outside CI: CI=true (as CI runners set it) turns the redraw into plain lines.
    vi.stubEnv('CI', '');
    let written = '';
    const stream = { isTTY: true, write: (text: string) => ((written += text), true) } as unknown as NodeJS.WriteStream;
    const sink = progressSink(stream, 'probe ');
    sink.tick({ completed: 5, errors: 5, p99Ms: 1 }, 1000);
    sink.end();
    vi.unstubAllEnvs();
    expect(written).toContain('\r\u001b[K');
    expect(written.replace(/\r\u001b\[K/g, '')).not.toMatch(/[\u0000-\u001f]/);
  });
});
