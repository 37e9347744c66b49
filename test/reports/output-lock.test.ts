// One run at a time per reports folder (issue 42, item 4): a lock holding the pid, refused while that pid
// runs (one line naming it), cleared when it is gone; released when the run ends.
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, readdir, stat, utimes, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lockOutput, OutputInUseError } from '../../reports/output-lock.js';

const fresh = async () => join(await mkdtemp(join(tmpdir(), 'mcs-lock-')), '.mcs-lock');
const holder = (pid: number, host = hostname()) => `${JSON.stringify({ pid, host, startedAt: '2026-01-01T00:00:00.000Z' })}\n`;

/** A process that runs until killed, and one that has ended (its pid free). */
function sleeper() {
  const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)'], { stdio: 'ignore' });
  return { pid: child.pid ?? 0, stop: () => child.kill('SIGKILL') };
}
async function endedPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
  await new Promise((resolve) => child.on('exit', resolve));
  return child.pid ?? 0;
}

async function aged(file: string, ms: number): Promise<void> {
  const then = new Date(Date.now() - ms);
  await utimes(file, then, then);
}

describe('the lock of a reports folder', () => {
  it('holds the pid; a second run is refused in one line naming it, and may take it once released', async () => {
    const file = await fresh();
    const lock = await lockOutput(file, '--reports-dir out');
    expect(JSON.parse(await readFile(file, 'utf8'))).toMatchObject({ pid: process.pid, host: hostname() });
    await expect(lockOutput(file, '--reports-dir out')).rejects.toThrow(new RegExp(`^--reports-dir out: in use by another run \\(pid ${process.pid}, since .*\\); wait for it to end, or remove ${file} if it is over$`));
    await lock.release();
    await expect(stat(file)).rejects.toMatchObject({ code: 'ENOENT' });
    await (await lockOutput(file, 'x')).release();
  });

  it('is refused while the pid that holds it runs, and cleared once it is gone', async () => {
    const file = await fresh();
    const other = sleeper();
    try {
      await writeFile(file, holder(other.pid));
      await expect(lockOutput(file, 'out')).rejects.toBeInstanceOf(OutputInUseError);
      await expect(lockOutput(file, 'out')).rejects.toThrow(`pid ${other.pid}`);
    } finally {
      other.stop();
    }
    await writeFile(file, holder(await endedPid()));
    const lock = await lockOutput(file, 'out');
    expect(JSON.parse(await readFile(file, 'utf8')).pid).toBe(process.pid);
    await lock.release();
  });

  it('is cleared when left by an earlier process with this pid (a container run again)', async () => {
    const file = await fresh();
    await writeFile(file, holder(process.pid));
    await (await lockOutput(file, 'out')).release();
  });

  it('from another host: held while refreshed, cleared once two minutes old; unreadable: cleared once ten seconds old', async () => {
    const file = await fresh();
    await writeFile(file, holder(1, 'another-host'));
    await expect(lockOutput(file, 'out')).rejects.toThrow('pid 1 on another-host');
    await aged(file, 121_000);
    await (await lockOutput(file, 'out')).release();
    await writeFile(file, 'not a lock');
    await expect(lockOutput(file, 'out')).rejects.toThrow('a lock that is not ours to read');
    await aged(file, 11_000);
    await (await lockOutput(file, 'out')).release();
  });

  it('two runs taking a left-behind lock at once: exactly one holds it', async () => {
    const file = await fresh();
    await writeFile(file, holder(await endedPid()));
    const tries = await Promise.allSettled([lockOutput(file, 'out'), lockOutput(file, 'out')]);
    expect(tries.filter((t) => t.status === 'fulfilled')).toHaveLength(1);
    for (const t of tries) if (t.status === 'fulfilled') await t.value.release();
    expect(await readdir(join(file, '..'))).toEqual([]);
  });
});
