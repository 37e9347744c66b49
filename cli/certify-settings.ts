// Settings of `mcs certify` checked before the run starts, so that a mistake costs a second, not a run whose
// results are then lost: the reports folder (writable, or creatable), and where the webhook receiver listens
// (an address this machine has, a port it may take; a warning when other machines can reach it). URLs and
// the listen address's form are checked as the configuration is resolved (harness/config/resolve.ts).
import { mkdtemp, rmdir, stat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { receiverBounds } from '../harness/webhooks/bounds.js';
import { checkListenable, isLoopback, parseListen } from '../harness/webhooks/listen.js';
import { UsageError } from './errors.js';

/** The reports folder: an existing folder this user may write into, or one that can be created. */
export async function checkReportsDir(dir: string): Promise<void> {
  const flag = `--reports-dir ${dir}`;
  const found = await stat(dir).catch((error: { code?: string }) => (error.code === 'ENOENT' || error.code === 'ENOTDIR' ? undefined : Promise.reject(error)));
  if (found !== undefined) {
    if (!found.isDirectory()) throw new UsageError(`${flag}: is a file, not a folder; name a folder for the reports`);
    if (!(await writable(dir))) throw new UsageError(`${flag}: the folder is not writable`);
    return;
  }
  // Created with its parents at the end of the run: the nearest existing ancestor must be a writable folder.
  let ancestor = dirname(resolve(dir));
  for (;;) {
    const info = await stat(ancestor).catch(() => undefined);
    if (info !== undefined) {
      if (!info.isDirectory()) throw new UsageError(`${flag}: cannot be created, ${ancestor} is a file`);
      if (!(await writable(ancestor))) throw new UsageError(`${flag}: cannot be created, ${ancestor} is not writable`);
      return;
    }
    const parent = dirname(ancestor);
    if (parent === ancestor) throw new UsageError(`${flag}: cannot be created`);
    ancestor = parent;
  }
}

/** Whether a folder can be made in `dir` (and is removed again): what writing the reports will need, as root too. */
async function writable(dir: string): Promise<boolean> {
  try {
    await rmdir(await mkdtemp(join(dir, '.mcs-write-check-')));
    return true;
  } catch {
    return false;
  }
}

/**
 * Where the webhook receiver will listen: bound once and released (exit 2 naming the flag when it cannot be);
 * and, when other machines may reach it, the warning certify prints.
 */
export async function checkWebhookListen(listen: string | undefined): Promise<string | undefined> {
  if (listen === undefined || listen === '') return undefined;
  const address = parseListen(listen);
  try {
    await checkListenable(address);
  } catch (error) {
    throw new UsageError(`--webhook-listen ${listen}: ${(error as Error).message}`);
  }
  if (isLoopback(address.host)) return undefined;
  const mib = (bytes: number) => `${bytes / 1024 / 1024} MiB`;
  return (
    `warning: the webhook receiver listens on ${listen}, which other machines may reach; it keeps only deliveries ` +
    `to this run's subscriptions (404 to any other path), at most ${mib(receiverBounds.maxBodyBytes)} each and ` +
    `${mib(receiverBounds.budgetBytes)} in all per worker`
  );
}
