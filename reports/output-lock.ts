// A folder of reports (or the file of a load result) is written by one run at a time, so that no run's
// report is silently replaced by another's. A run takes a lock file there before it starts: created whole
// (written aside, then hard-linked into place, which fails when one is there), holding the run's pid, host and
// start. Another run that finds it is refused in one line naming that pid, unless the run is gone: its pid no
// longer runs on this host (or, taken on another host sharing the folder, the lock was not refreshed for two
// minutes), and the lock is then cleared. The lock goes when the run ends, however it ends short of SIGKILL;
// after a SIGKILL the next run clears it, and the temporary files the killed run left (reports/whole-files.ts).
import { readFileSync, unlinkSync } from 'node:fs';
import { link, mkdir, readFile, rename, rmdir, stat, unlink, utimes, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { errorCodes, McsError } from '../spec/errors.js';
import { isRunning } from './process-alive.js';
import { removeLeftoverTemporaries, ReportWriteError, temporaryName } from './whole-files.js';

/** Another run holds the folder (or file); the message names it and its lock. */
export class OutputInUseError extends McsError {
  override readonly code = errorCodes.outputInUse;
}

export interface OutputLock {
  readonly file: string;
  release(): Promise<void>;
}

interface Holder {
  pid: number;
  host: string;
  startedAt: string;
}

interface Found {
  text: string;
  holder: Holder | undefined;
  ageMs: number;
}

/** How often a held lock is touched, and how old a lock taken on another host must be to count as left behind. */
const refreshMs = 30_000;
const staleFromElsewhereMs = 120_000;
/** A lock that cannot be read as one (a hand-made file, a disk that lost it) counts as left behind after this. */
const unreadableStaleMs = 10_000;
/** Lock files this process holds (a second lock of the same file from this process is refused too). */
const heldHere = new Set<string>();

/**
 * Takes the lock file `file` for `what` (how the refusal names the output, e.g. `--reports-dir out`), or
 * throws OutputInUseError while another run holds it; ReportWriteError when it cannot be written at all.
 */
export async function lockOutput(file: string, what: string): Promise<OutputLock> {
  try {
    await mkdir(dirname(file), { recursive: true });
  } catch (error) {
    throw new ReportWriteError(dirname(file), error);
  }
  const text = `${JSON.stringify({ pid: process.pid, host: hostname(), startedAt: new Date().toISOString() } satisfies Holder)}\n`;
  for (let attempt = 0; attempt < 5; attempt++) {
    if (await create(file, text)) {
      await removeLeftoverTemporaries(dirname(file));
      return held(file, text);
    }
    const found = await read(file);
    if (found === undefined) continue; // cleared meanwhile
    if (inUse(file, found)) throw new OutputInUseError(`${what}: in use by another run (${describe(found)}); wait for it to end, or remove ${file} if it is over`);
    await clearLeftBehind(file, found.text);
  }
  throw new OutputInUseError(`${what}: in use by another run (its lock ${file} keeps changing)`);
}

/**
 * The lock of a reports folder (`.mcs-lock` in it), taken for the whole run. A folder made for the lock goes
 * with it when the run wrote nothing there (a run refused by its pre-flight leaves no empty folder).
 */
export async function lockReportsFolder(dir: string, what: string): Promise<OutputLock> {
  const existed = await stat(dir).then(
    () => true,
    () => false,
  );
  const lock = await lockOutput(join(dir, '.mcs-lock'), what);
  if (existed) return lock;
  return {
    file: lock.file,
    async release() {
      await lock.release();
      await rmdir(dir).catch(() => undefined); // only when empty
    },
  };
}

/** The lock of one output file (a load result, its HTML): `.NAME.mcs-lock` beside it. */
export function lockOutputFile(path: string, what: string): Promise<OutputLock> {
  return lockOutput(join(dirname(path), `.${basename(path)}.mcs-lock`), what);
}

/** Creates the lock whole, or returns false when one is there. */
async function create(file: string, text: string): Promise<boolean> {
  const aside = join(dirname(file), temporaryName(basename(file)));
  try {
    await writeFile(aside, text, { flag: 'wx' });
    await link(aside, file);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return false;
    // A file system without hard links: created in place (a reader may meet it empty for a moment).
    if (code === 'EPERM' || code === 'ENOTSUP' || code === 'ENOSYS') return createInPlace(file, text);
    throw new ReportWriteError(file, error);
  } finally {
    await unlink(aside).catch(() => undefined);
  }
}

async function createInPlace(file: string, text: string): Promise<boolean> {
  try {
    await writeFile(file, text, { flag: 'wx' });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw new ReportWriteError(file, error);
  }
}

async function read(file: string): Promise<Found | undefined> {
  try {
    const [text, info] = await Promise.all([readFile(file, 'utf8'), stat(file)]);
    return { text, holder: holderOf(text), ageMs: Date.now() - info.mtimeMs };
  } catch {
    return undefined;
  }
}

function holderOf(text: string): Holder | undefined {
  try {
    const value = JSON.parse(text) as Partial<Holder>;
    return Number.isSafeInteger(value.pid) && typeof value.host === 'string' && typeof value.startedAt === 'string' ? (value as Holder) : undefined;
  } catch {
    return undefined;
  }
}

function inUse(file: string, { holder, ageMs }: Found): boolean {
  if (holder === undefined) return ageMs < unreadableStaleMs;
  if (holder.host !== hostname()) return ageMs < staleFromElsewhereMs;
  // This pid on this host is this process: held here, or left by an earlier process that had the same pid (a container).
  if (holder.pid === process.pid) return heldHere.has(file);
  return isRunning(holder.pid);
}

function describe({ holder }: Found): string {
  if (holder === undefined) return 'a lock that is not ours to read';
  return `pid ${holder.pid}${holder.host === hostname() ? '' : ` on ${holder.host}`}, since ${holder.startedAt}`;
}

/**
 * Clears a lock left behind. It is moved aside first, so that of two runs clearing it at once, the second
 * finds the first's fresh lock in its hands, puts it back and tries again.
 */
async function clearLeftBehind(file: string, leftText: string): Promise<void> {
  const aside = join(dirname(file), temporaryName(basename(file)));
  try {
    await rename(file, aside);
  } catch {
    return; // gone already
  }
  const moved = await readFile(aside, 'utf8').catch(() => leftText);
  if (moved !== leftText) await link(aside, file).catch(() => undefined);
  await unlink(aside).catch(() => undefined);
}

function held(file: string, text: string): OutputLock {
  heldHere.add(file);
  const refresh = setInterval(() => {
    const now = new Date();
    utimes(file, now, now).catch(() => undefined);
  }, refreshMs).unref();
  // An exit without release (process.exit, an uncaught error): the lock goes with the process.
  const onExit = () => {
    try {
      if (readFileSync(file, 'utf8') === text) unlinkSync(file);
    } catch {
      // gone already
    }
  };
  process.once('exit', onExit);
  let released = false;
  return {
    file,
    async release() {
      if (released) return;
      released = true;
      clearInterval(refresh);
      process.off('exit', onExit);
      heldHere.delete(file);
      const now = await readFile(file, 'utf8').catch(() => undefined);
      if (now === text) await unlink(file).catch(() => undefined);
    },
  };
}
