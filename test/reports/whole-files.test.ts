// Files written whole or not at all (issue 42, item 4): a symlink where a report goes is replaced, never
// followed; a write that fails (a full disk, a refused write: injected here, the same on every system) names
// the file and its cause and leaves every previous file as it was, with no temporary file behind.
import { lstat, mkdir, mkdtemp, readdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';

/** Which file's write fails, and with what: read by the mocked open below. */
const inject: { file?: string; code?: string } = {};

vi.mock('node:fs/promises', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:fs/promises')>();
  const open = (async (path: string, ...rest: unknown[]) => {
    const handle = await (real.open as (...args: unknown[]) => Promise<import('node:fs/promises').FileHandle>)(path, ...rest);
    const { file, code } = inject;
    if (file === undefined || !String(path).includes(`.${file}.`)) return handle;
    return Object.assign(Object.create(handle) as object, {
      writeFile: async (data: string) => {
        await handle.writeFile(data.slice(0, 100)); // part of it, as a full disk takes
        throw Object.assign(new Error(`${code}: ${code === 'ENOSPC' ? 'no space left on device' : 'permission denied'}, write`), { code, syscall: 'write' });
      },
      close: () => handle.close(),
    });
  }) as typeof real.open;
  return { ...real, open, default: { ...real, open } };
});

const { ReportWriteError, writeFilesWhole, writeFileWhole, removeLeftoverTemporaries } = await import('../../reports/whole-files.js');

afterEach(() => {
  delete inject.file;
  delete inject.code;
});

const fresh = () => mkdtemp(join(tmpdir(), 'mcs-whole-'));

describe('files written whole', () => {
  it('replaces a symlink to a file elsewhere with the file, leaving the other file as it was', async () => {
    const dir = await fresh();
    const elsewhere = join(await fresh(), 'precious.txt');
    await writeFile(elsewhere, 'keep me');
    await symlink(elsewhere, join(dir, 'report.json'));
    await symlink(join(dir, 'missing-target'), join(dir, 'junit.xml'));
    await writeFilesWhole(dir, [['report.json', '{"new":true}\n'], ['junit.xml', '<x/>']]);
    expect(await readFile(elsewhere, 'utf8')).toBe('keep me');
    expect((await lstat(join(dir, 'report.json'))).isSymbolicLink()).toBe(false);
    expect(await readFile(join(dir, 'report.json'), 'utf8')).toBe('{"new":true}\n');
    expect((await readdir(dir)).sort()).toEqual(['junit.xml', 'report.json']);
  });

  for (const code of ['ENOSPC', 'EACCES']) {
    it(`${code} on one file: names it and its cause, and leaves every previous file as it was`, async () => {
      const dir = await fresh();
      await writeFilesWhole(dir, [['report.json', 'old json'], ['junit.xml', 'old xml'], ['report.html', 'old html']]);
      inject.file = 'report.html';
      inject.code = code;
      const failure = writeFilesWhole(dir, [['report.json', 'new json'], ['junit.xml', 'new xml'], ['report.html', 'new html']]);
      await expect(failure).rejects.toBeInstanceOf(ReportWriteError);
      await expect(failure).rejects.toMatchObject({ code: 'MCS_ERR_REPORT_WRITE', systemCode: code, message: `cannot write ${join(dir, 'report.html')}: ${code === 'ENOSPC' ? 'no space left on device' : 'permission denied'}` });
      expect(await readFile(join(dir, 'report.json'), 'utf8')).toBe('old json');
      expect(await readFile(join(dir, 'junit.xml'), 'utf8')).toBe('old xml');
      expect(await readFile(join(dir, 'report.html'), 'utf8')).toBe('old html');
      expect((await readdir(dir)).sort()).toEqual(['junit.xml', 'report.html', 'report.json']);
    });
  }

  it('a folder in the way names the file', async () => {
    const dir = await fresh();
    await mkdir(join(dir, 'badge.svg'));
    await expect(writeFileWhole(join(dir, 'badge.svg'), '<svg/>')).rejects.toThrow(`cannot write ${join(dir, 'badge.svg')}`);
    expect(await readdir(dir)).toEqual(['badge.svg']);
  });

  it("removes the temporary files a killed writer left, not those of a writer still running", async () => {
    const dir = await fresh();
    const dead = 2 ** 22 + 12345; // above the usual pid_max: no process has it
    await writeFile(join(dir, `.report.json.${dead}.0123abcd.tmp`), 'half');
    await writeFile(join(dir, `.report.json.${process.ppid}.0123abcd.tmp`), 'being written');
    await removeLeftoverTemporaries(dir);
    expect(await readdir(dir)).toEqual([`.report.json.${process.ppid}.0123abcd.tmp`]);
  });
});
