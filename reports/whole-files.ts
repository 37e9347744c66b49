// Every file a command leaves for its reader (the reports of `mcs certify` and `mcs report`, the results and
// outputs of `mcs load`) is written whole or not at all. Each is first written to a temporary file in the same
// folder (created afresh, O_EXCL and O_NOFOLLOW: never through a link), flushed to the disk (fsync) and only then
// renamed over the old one, which is atomic: a reader, a crash or a SIGKILL meets the old file or the new one,
// never half of one. A symlink standing where a report goes is replaced by the report (rename does not follow
// it): the file it pointed to is left alone. When several files go together (a run's reports), all are staged
// before the first is renamed, so a full disk or a refused write leaves every previous file as it was.
import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { mkdir, open, readdir, rename, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { errorCodes, McsError } from '../spec/errors.js';
import { isRunning } from './process-alive.js';

/** A file that could not be written: the file and the cause in one line; `systemCode` is the system's (ENOSPC, EACCES, ...). */
export class ReportWriteError extends McsError {
  override readonly code = errorCodes.reportWrite;
  readonly systemCode: string;
  constructor(
    readonly file: string,
    cause: unknown,
  ) {
    const error = cause as NodeJS.ErrnoException;
    super(`cannot write ${file}: ${causeInWords(error)}`);
    this.systemCode = typeof error?.code === 'string' ? error.code : 'unknown';
  }
}

/** Node's `ENOSPC: no space left on device, write` without the code and the system call. */
function causeInWords(error: NodeJS.ErrnoException | undefined): string {
  const message = error?.message ?? String(error);
  return message.replace(/^[A-Z0-9_]+: /, '').replace(/, \w+(?: '[^']*')*$/, '');
}

const temporary = /^\.(.+)\.(\d+)\.[0-9a-f]{8}\.tmp$/;
const createNew = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0);

/** A new temporary name beside `name` (what removeLeftoverTemporaries recognises as a killed writer's). */
export function temporaryName(name: string): string {
  return `.${name}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
}

interface Staged {
  path: string;
  temporary: string;
}

/** Writes `text` into a new temporary file beside `path`, flushed to the disk. */
async function stage(path: string, text: string | Uint8Array): Promise<Staged> {
  const staged = { path, temporary: join(dirname(path), temporaryName(basename(path))) };
  let handle;
  try {
    handle = await open(staged.temporary, createNew, 0o666);
    await handle.writeFile(text);
    await handle.sync();
  } catch (error) {
    await handle?.close().catch(() => undefined);
    await unlink(staged.temporary).catch(() => undefined);
    throw new ReportWriteError(path, error);
  }
  await handle.close();
  return staged;
}

/** The rename of a folder's entries reaches the disk too (where the system allows a folder to be flushed). */
async function syncFolder(dir: string): Promise<void> {
  const handle = await open(dir, constants.O_RDONLY).catch(() => undefined);
  await handle?.sync().catch(() => undefined);
  await handle?.close().catch(() => undefined);
}

/**
 * Writes each `[name, text]` into `dir` (created if need be), whole: all are staged first, then renamed over
 * the old ones in the order given. Returns the paths written; ReportWriteError names the first that failed,
 * every file then as it was.
 */
export async function writeFilesWhole(dir: string, files: ReadonlyArray<readonly [string, string | Uint8Array]>): Promise<string[]> {
  try {
    await mkdir(dir, { recursive: true });
  } catch (error) {
    throw new ReportWriteError(dir, error);
  }
  const staged: Staged[] = [];
  try {
    for (const [name, text] of files) staged.push(await stage(join(dir, name), text));
  } catch (error) {
    await Promise.all(staged.map((s) => unlink(s.temporary).catch(() => undefined)));
    throw error;
  }
  for (const [i, s] of staged.entries()) {
    try {
      await rename(s.temporary, s.path);
    } catch (error) {
      await Promise.all(staged.slice(i).map((rest) => unlink(rest.temporary).catch(() => undefined)));
      throw new ReportWriteError(s.path, error);
    }
  }
  await syncFolder(dir);
  return staged.map((s) => s.path);
}

/** One file, whole (see writeFilesWhole). */
export async function writeFileWhole(path: string, text: string | Uint8Array): Promise<void> {
  await writeFilesWhole(dirname(path), [[basename(path), text]]);
}

/**
 * Removes the temporary files a killed writer left in `dir` (their writer's process is gone); those of a
 * writer still running are left to it.
 */
export async function removeLeftoverTemporaries(dir: string): Promise<void> {
  const names = await readdir(dir).catch(() => [] as string[]);
  for (const name of names) {
    const pid = Number(temporary.exec(name)?.[2]);
    if (Number.isSafeInteger(pid) && pid !== process.pid && !isRunning(pid)) await unlink(join(dir, name)).catch(() => undefined);
  }
}
