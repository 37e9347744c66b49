// Part of `npm test`, no Docker engine needed: the reference image's files, staged by the script the image
// build stages them with (scripts/image/stage-context.sh, its packages linked instead of copied), started
// with the Dockerfile's own entry command, must answer. The image broke twice while `npm test` passed
// (`mcs serve` importing the harness; results/inert.ts left out) and only the container gate, minutes
// long, saw it: here a file the server imports that the image lacks fails in seconds.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { timeLimit } from '../support/pace.js';
import { imageEntry } from './dockerfile-entry.js';
import { startEntry, type EntryProcess } from './entry-process.js';
import { projectRoot, run } from './support.js';

const dir = mkdtempSync(join(tmpdir(), 'mcs-staged-reference-'));
const app = join(dir, 'app');
let server: EntryProcess | undefined;

// Staging copies the reference's files (a few seconds of a quiet machine); the server starts like `mcs serve`.
const stageWork = { quietMs: 5_000 };
const startWork = { mcsRuns: 1 };
const stopWork = { quietMs: 1_000 };

afterAll(async () => {
  await server?.stop(timeLimit(stopWork));
  rmSync(dir, { recursive: true, force: true });
});

it('the reference image, staged as npm run image:build stages it, starts with its entry command and answers on /v4', async () => {
  const staged = await run('bash', ['scripts/image/stage-context.sh', app, 'reference', '--link-packages'], { timeoutMs: timeLimit(stageWork) });
  expect(staged.code, staged.stderr).toBe(0);

  // Loopback, not the image's 0.0.0.0, and port 0 so that parallel test files never collide: the image's
  // own knobs (MCS_HOST, MCS_PORT), which the entry command passes to `mcs serve`.
  const entry = imageEntry(readFileSync(join(projectRoot, 'Dockerfile'), 'utf8'));
  server = startEntry(entry, app, { MCS_HOST: '127.0.0.1', MCS_PORT: '0' });
  const [, v4] = await server.printed(/^v4 +(http:\/\/\S+)$/m, timeLimit(startWork));

  const answer = await fetch(`${v4}/me`, { signal: AbortSignal.timeout(timeLimit({ requests: 1 })) });
  expect(answer.status, server.output()).toBe(401);
  expect(await server.stop(timeLimit(stopWork)), server.output()).toEqual({ code: 0, signal: null });
}, timeLimit({ ...startWork, quietMs: stageWork.quietMs + stopWork.quietMs }));
