// How far the harness parses an answer's JSON. A conforming answer nests a few levels and holds at most a page
// of items; a hostile one may nest 100,000 arrays deep or hold 60,000 keys in one object, under a megabyte,
// and every parse, mask and schema check of it then costs a tenth of a second or more, and hundreds of
// megabytes across a run's requests. Such a body is found by one linear scan before anything parses it, and
// treated as a body the harness does not read (the answer is broken, never judged; harness/http/garbage.ts).

/** Levels of nesting parsed at most: the description's bodies nest under ten. */
export const maxJsonDepth = 256;
/** Members of one object or items of one array parsed at most: a page of a list holds far fewer. */
export const maxJsonMembers = 10_000;

const OPEN_OBJECT = 0x7b;
const OPEN_ARRAY = 0x5b;
const CLOSE_OBJECT = 0x7d;
const CLOSE_ARRAY = 0x5d;
const COMMA = 0x2c;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * Why `text` is JSON the harness will not parse (too deep, or a container too wide), or undefined. Text that is
 * not JSON passes: JSON.parse says so, cheaply. The scan stops at the first bound passed.
 */
export function jsonBeyondBounds(text: string, bounds = { depth: maxJsonDepth, members: maxJsonMembers }): string | undefined {
  const members: number[] = [];
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === BACKSLASH) i++;
      else if (code === QUOTE) inString = false;
      continue;
    }
    if (code === QUOTE) inString = true;
    else if (code === OPEN_OBJECT || code === OPEN_ARRAY) {
      members.push(1);
      if (members.length > bounds.depth) return `JSON nested deeper than the harness parses (over ${bounds.depth} levels)`;
    } else if (code === CLOSE_OBJECT || code === CLOSE_ARRAY) members.pop();
    else if (code === COMMA && members.length > 0) {
      const last = members.length - 1;
      const count = (members[last] ?? 0) + 1;
      members[last] = count;
      if (count > bounds.members) return `JSON with more members in one object or array than the harness parses (over ${bounds.members})`;
    }
  }
  return undefined;
}

export type ParsedJson = { ok: true; value: unknown } | { ok: false };

/** An answer's body parsed as JSON, once, by the transport; an empty body is not JSON. */
export function parseAnswerJson(text: string): ParsedJson {
  if (text.trim() === '') return { ok: false };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}
