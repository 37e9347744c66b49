// The spec's YAML files (OpenAPI documents, clauses, field and view tables) are parsed by every process that
// judges or serves: the certify command, each of its workers, the reference. Parsing them took about a second
// of CPU a process, for text that changes only with the project. A parse is kept in the cache folder as JSON,
// named by a hash of the text and of the parser's version, and read back from there while both are unchanged.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { parse } from 'yaml';
import { keepSync, trustedCacheDir } from './cache.js';

const parser = `yaml ${(createRequire(import.meta.url)('yaml/package.json') as { version: string }).version}`;

/**
 * `text` parsed as YAML: a fresh value on every call, as `parse` gives. Only a value JSON gives back unchanged is
 * kept (YAML can hold what JSON cannot, such as .inf); an alias is kept as a copy of what it names.
 */
export function parseYamlText(text: string): unknown {
  const name = `yaml-${createHash('sha256').update(`${parser}\0${text}`).digest('hex').slice(0, 32)}.json`;
  const dir = trustedCacheDir();
  if (dir !== undefined) {
    try {
      return JSON.parse(readFileSync(join(dir, name), 'utf8')) as unknown;
    } catch {
      // Not kept yet, or not readable: parsed below.
    }
  }
  const value: unknown = parse(text);
  const json = JSON.stringify(value);
  if (json !== undefined && isDeepStrictEqual(JSON.parse(json), value)) keepSync(name, json);
  return value;
}
