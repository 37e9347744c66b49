// Part of `npm test`, no Docker engine needed: where none answers, `mcs certify --image` refuses in one
// line (exit 2) before it starts anything, and --image with a target URL is a usage error.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runMcs } from '../support/run-mcs.js';

const dir = mkdtempSync(join(tmpdir(), 'mcs-no-engine-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('mcs certify --image without a Docker engine', () => {
  it('exits 2 with one line naming where it looked', async () => {
    const socket = join(dir, 'docker.sock');
    const result = await runMcs(['certify', '--image', 'mcs-reference:local', '--reports-dir', join(dir, 'reports')], { env: { DOCKER_HOST: `unix://${socket}` } });
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(`mcs certify: no Docker engine reachable at ${socket} (no such socket)\n`);
    expect(result.stdout).toBe('');
  });

  it('warns of an old duration flag before it looks for the engine (--ready-timeout MS: the ready wait)', async () => {
    const result = await runMcs(['certify', '--image', 'mcs-reference:local', '--ready-timeout', '5000', '--reports-dir', join(dir, 'reports')], { env: { DOCKER_HOST: `unix://${join(dir, 'docker.sock')}` } });
    expect(result.code).toBe(2);
    expect(result.stdout).toContain('mcs certify: warning: --ready-timeout 5000 (milliseconds) is the old form: durations are in seconds now, --ready-wait 5');
  });

  it('refuses --image together with a target URL, as a usage error (the flags themselves: harness/container/flags.test.ts)', async () => {
    const result = await runMcs(['certify', '--image', 'mcs-reference:local', '--base-url', 'http://127.0.0.1:1'], { env: { DOCKER_HOST: `unix://${join(dir, 'docker.sock')}` } });
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('mcs certify: --image and --base-url name two targets: give one\n');
  });
});
