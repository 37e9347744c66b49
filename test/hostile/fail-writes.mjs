// Loaded with `node --import` by the hostile tests of reports written whole: the writes of one file fail as a
// full disk (ENOSPC) or a refused write (EACCES) would, the same on every system and user (root included).
// MCS_TEST_FAIL_WRITES=CODE:NAME fails every write of a file named NAME (its temporary file, as
// reports/whole-files.ts stages it) with CODE, after part of the text went to the disk.
import fs from 'node:fs/promises';
import { syncBuiltinESMExports } from 'node:module';
import process from 'node:process';

const [code, name] = (process.env.MCS_TEST_FAIL_WRITES ?? '').split(':');
const words = { ENOSPC: 'no space left on device', EACCES: 'permission denied' };

if (code !== undefined && name !== undefined) {
  const open = fs.open;
  fs.open = async (path, ...rest) => {
    const handle = await open(path, ...rest);
    if (!String(path).includes(`.${name}.`)) return handle;
    return Object.assign(Object.create(handle), {
      writeFile: async (data) => {
        await handle.writeFile(String(data).slice(0, 100));
        throw Object.assign(new Error(`${code}: ${words[code] ?? 'failed'}, write`), { code, syscall: 'write' });
      },
      close: () => handle.close(),
    });
  };
  syncBuiltinESMExports();
}
