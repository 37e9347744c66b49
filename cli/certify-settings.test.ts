import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkReportsDir, checkWebhookListen } from './certify-settings.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mcs-certify-settings-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('settings checked before a certify run', () => {
  it('the reports folder: an existing folder or one that can be created; not a file, nor under one', async () => {
    await expect(checkReportsDir(dir)).resolves.toBeUndefined();
    await expect(checkReportsDir(join(dir, 'new', 'deeper'))).resolves.toBeUndefined();
    await expect(stat(join(dir, 'new'))).rejects.toThrow(/ENOENT/); // checked, not created
    const file = join(dir, 'file');
    await writeFile(file, '');
    await expect(checkReportsDir(file)).rejects.toThrow(`--reports-dir ${file}: is a file, not a folder`);
    await expect(checkReportsDir(join(file, 'x'))).rejects.toThrow(/cannot be created, .*file is a file/);
  });

  it('the listen address: loopback says nothing, another address is warned about, one not here is refused', async () => {
    expect(await checkWebhookListen(undefined)).toBeUndefined();
    expect(await checkWebhookListen('127.0.0.1:0')).toBeUndefined();
    expect(await checkWebhookListen('0.0.0.0:0')).toMatch(/^warning: the webhook receiver listens on 0\.0\.0\.0:0, which other machines may reach; .*404 to any other path.*1 MiB each and 8 MiB in all/);
    await expect(checkWebhookListen('192.0.2.1:0')).rejects.toThrow(/^--webhook-listen 192\.0\.2\.1:0: cannot listen/);
  });
});
