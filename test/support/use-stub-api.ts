// The set-up of the `mcs load` tests that send to the stub API and write their results to disk: one stub
// server and one temporary folder for the whole file. Beside test/support's other helpers rather than
// load/stub-api.ts, so that it stays out of the published package (load/ ships; test/ does not).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { startStubApi, type StubApi } from '../../load/stub-api.js';

export interface StubApiFixture {
  readonly api: StubApi;
  readonly dir: string;
}

/** Starts the stub API and makes a folder named `prefix…` before the file's tests; stops and removes them after. */
export function useStubApi(prefix: string): StubApiFixture {
  let api: StubApi | undefined;
  let dir: string | undefined;
  beforeAll(async () => {
    api = await startStubApi();
    dir = await mkdtemp(join(tmpdir(), prefix));
  });
  afterAll(async () => {
    await api?.close();
    if (dir !== undefined) await rm(dir, { recursive: true, force: true });
  });
  // Getters, because the hooks fill these in only once the tests start; read earlier, they fail loudly.
  return {
    get api() {
      if (api === undefined) throw new Error('useStubApi: the stub API is started in beforeAll; read it inside a test');
      return api;
    },
    get dir() {
      if (dir === undefined) throw new Error('useStubApi: the folder is made in beforeAll; read it inside a test');
      return dir;
    },
  };
}
