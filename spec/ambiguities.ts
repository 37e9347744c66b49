// The items of spec/AMBIGUITIES.md by `section number` (`v4 7`, `v2 1`, `features 2`, `oracle 7`), with their
// text: what spec/readings.ts and the tests that hold it to the benign variants name.
import { readFileSync } from 'node:fs';

const ambiguitiesFile = new URL('./AMBIGUITIES.md', import.meta.url);
const sections: Readonly<Record<string, string>> = { v4: 'v4', v2: 'v2', features: 'features', 'semantic oracle': 'oracle' };

export function ambiguityItems(text: string = readFileSync(ambiguitiesFile, 'utf8')): Map<string, string> {
  const items = new Map<string, string>();
  let section: string | undefined;
  let current: string | undefined;
  for (const line of text.split('\n')) {
    const heading = /^## (.+?)(?: \(.*\))?$/.exec(line);
    if (heading) {
      section = sections[(heading[1] ?? '').trim().toLowerCase()];
      current = undefined;
      continue;
    }
    const item = /^(\d+[a-z]?)\. /.exec(line);
    if (item && section !== undefined) items.set((current = `${section} ${item[1]}`), line);
    else if (current !== undefined && /^\s+\S/.test(line)) items.set(current, `${items.get(current)}\n${line}`);
    else if (line.trim() === '' || line.startsWith('#')) current = undefined;
  }
  return items;
}

/** The benign variants an item names (`variant \`x\``, `variants \`x\`, \`y\``). */
export function variantsNamed(text: string): string[] {
  const named: string[] = [];
  for (const match of text.matchAll(/variants?\s+((?:`[a-z0-9-]+`(?:,\s*|\s+and\s+|\s+or\s+)?)+)/g)) {
    for (const name of (match[1] ?? '').matchAll(/`([a-z0-9-]+)`/g)) named.push(name[1] ?? '');
  }
  return named;
}
