// The spec's YAML is parsed once per state of its text and read back from the cache after that: the same value
// as a parse, a fresh one on every call, and nothing kept that JSON would give back changed.
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { parseYamlText } from './yaml-text.js';

describe('parseYamlText', () => {
  let dir: string;
  const before = process.env.MCS_CACHE_DIR;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'mcs-yaml-cache-'));
    process.env.MCS_CACHE_DIR = dir;
  });
  afterAll(async () => {
    if (before === undefined) delete process.env.MCS_CACHE_DIR;
    else process.env.MCS_CACHE_DIR = before;
    await rm(dir, { recursive: true, force: true });
  });

  const text = 'version: 1\nitems:\n  - &one { id: a, n: 1.5 }\n  - *one\nname: "x"\n';

  it('gives what a parse gives, keeps it, and reads it back from the cache while the text is unchanged', async () => {
    expect(parseYamlText(text)).toEqual(parse(text));
    const [kept] = await readdir(dir);
    expect(kept).toMatch(/^yaml-[0-9a-f]{32}\.json$/);
    // A kept entry edited by hand is what the next call returns: proof that it reads the cache, not the text.
    await writeFile(join(dir, kept as string), JSON.stringify({ read: 'from the cache' }));
    expect(parseYamlText(text)).toEqual({ read: 'from the cache' });
    expect(parseYamlText(`${text}# changed\n`)).toEqual(parse(text));
  });

  it('gives a fresh value on every call, parsed or read back, so that a caller changing its value changes no other', () => {
    const own = 'name: fresh\n';
    const parsed = parseYamlText(own) as Record<string, unknown>;
    parsed['name'] = 'changed';
    const readBack = parseYamlText(own) as Record<string, unknown>;
    expect(readBack['name']).toBe('fresh');
    readBack['name'] = 'changed again';
    expect((parseYamlText(own) as Record<string, unknown>)['name']).toBe('fresh');
  });

  it('keeps nothing JSON would give back changed (.inf becomes null in JSON)', async () => {
    const infinite = 'limit: .inf\n';
    const entries = (await readdir(dir)).length;
    expect(parseYamlText(infinite)).toEqual({ limit: Number.POSITIVE_INFINITY });
    expect(await readdir(dir)).toHaveLength(entries);
  });

  it('parses as before where a kept entry is not JSON, and keeps the parse again', async () => {
    const broken = 'broken: true\n';
    const before = new Set(await readdir(dir));
    parseYamlText(broken);
    const name = (await readdir(dir)).find((entry) => !before.has(entry)) as string;
    await writeFile(join(dir, name), '{"half": ');
    expect(parseYamlText(broken)).toEqual({ broken: true });
    expect(JSON.parse(await readFile(join(dir, name), 'utf8'))).toEqual({ broken: true });
  });

  it('parses as before where the cache folder cannot be made (a file stands in its way)', async () => {
    const blocker = join(dir, 'a-file');
    await writeFile(blocker, '');
    process.env.MCS_CACHE_DIR = join(blocker, 'cache');
    try {
      expect(parseYamlText('unwritten: 1\n')).toEqual({ unwritten: 1 });
    } finally {
      process.env.MCS_CACHE_DIR = dir;
    }
  });

  it('neither reads nor keeps anything in a folder others may write into, or that is a link', async () => {
    const planted = 'planted: false\n';
    const before = new Set(await readdir(dir));
    parseYamlText(planted);
    const name = (await readdir(dir)).find((entry) => !before.has(entry)) as string;
    const open = join(dir, 'open');
    await mkdir(open);
    await chmod(open, 0o777);
    const link = join(dir, 'link');
    await symlink(dir, link);
    // The entry a planter would write, in the open folder and behind the link alike.
    for (const folder of [open, dir]) await writeFile(join(folder, name), JSON.stringify({ planted: true }));
    for (const folder of [open, link]) {
      process.env.MCS_CACHE_DIR = folder;
      try {
        expect(parseYamlText(planted), folder).toEqual({ planted: false });
        expect(parseYamlText('kept: nowhere\n')).toEqual({ kept: 'nowhere' });
      } finally {
        process.env.MCS_CACHE_DIR = dir;
      }
    }
    expect(await readdir(open)).toEqual([name]);
  });
});
