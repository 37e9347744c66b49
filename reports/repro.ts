// How a reader reproduces a failure: the request that failed (not merely the last one the check sent),
// and for a check of several steps a shell script replaying every exchange in order. The script carries
// each id an answer returned into the later requests that used it (a shell variable read with jq), and so
// too each credential an answer returned (a key of an organization the check made: the report shows it
// masked, the replay reads the new one from its own answer); every other masked credential is a variable the
// reader sets: the report never holds a usable secret. Each step prints the status it got beside the one
// the run saw, so that a reader (and test/docs/replay-scripts.e2e.ts) sees the failure come back.
//
// The script is steered by the suite alone. A variable is named by the step and the field path it comes
// from (`MCS_V1_DATA_ID`: step 1's answer, `.data.id`), never by a key the target chose, so no answer can name
// a variable the shell or curl reads (PATH, IFS, HOME, CURL_*, LD_*...). A value goes into a URL encoded
// exactly as the run sent it: in the path as encodeURIComponent (harness/http/api-client.ts `path`), in the
// query as a form (URLSearchParams), computed by the script from the replay's own value (jq's @uri, made the
// same on jq 1.6 and 1.7); in headers and bodies it goes as it is.
import type { Exchange } from '../results/model.js';
import { shellQuote as quote } from '../text/shell.js';

/** A masked secret as the harness writes it (`api_Zx…(masked)`): at most six characters kept (results/mask.ts), so
 * that one in a path (`/api-keys/api_Zx…(masked)`) is not taken with the path before it. */
const maskedSecret = /[A-Za-z0-9_.~+/=-]{1,6}…\(masked\)/g;

interface Carried {
  name: string;
  value: string;
  /** Step (0-based) whose answer holds the value, and the jq path to it. */
  from: number;
  jq: string;
}

/** Where in a request a value stands, which decides the form it was sent in. */
type Region = 'path' | 'query' | 'text';

/** The forms of a value, each named by the suffix of the variable that holds it. */
const forms = {
  _URI: encodeURIComponent,
  _FORM: (value: string) => new URLSearchParams({ v: value }).toString().slice(2),
  '': (value: string) => value,
} as const;
type Suffix = keyof typeof forms;
const suffixes = Object.keys(forms) as Suffix[];

/**
 * The forms a value may take in each region, the likelier first (where two give the same text, the first is
 * taken): the harness encodes a path segment with encodeURIComponent and a query with URLSearchParams.
 */
const formsIn: Record<Region, Suffix[]> = { path: ['_URI', ''], query: ['_FORM', '_URI', ''], text: [''] };

/**
 * jq programs that encode a raw string as the run did. @uri keeps `!*'()` on jq 1.6 and encodes them on 1.7:
 * each is put right for both.
 */
const encoders: Record<Exclude<Suffix, ''>, { fn: string; jq: string }> = {
  _URI: { fn: 'mcs_uri', jq: '@uri | gsub("%21"; "!") | gsub("%27"; "\'") | gsub("%28"; "(") | gsub("%29"; ")") | gsub("%2A"; "*")' },
  _FORM: { fn: 'mcs_form', jq: '@uri | gsub("%20"; "+") | gsub("!"; "%21") | gsub("\'"; "%27") | gsub("\\\\("; "%28") | gsub("\\\\)"; "%29") | gsub("%2A"; "*") | gsub("~"; "%7E")' },
};

type Piece = { literal: string } | { variable: string };

function shellWord(pieces: Piece[]): string {
  const parts = pieces.filter((p) => !('literal' in p) || p.literal !== '').map((p) => ('literal' in p ? quote(p.literal) : `"$${p.variable}"`));
  return parts.length === 0 ? "''" : parts.join('');
}

interface Named {
  value: string;
  variable: string;
}

/**
 * Splits a text on every form a value takes in `region`, longest first, into literals and variables (the
 * variable of the form: NAME_URI for the path-encoded form, NAME for the value as it is).
 */
function substitute(text: string, values: readonly Named[], region: Region): Piece[] {
  const candidates = values.flatMap(({ value, variable }) => {
    const seen = new Set<string>();
    return formsIn[region].flatMap((suffix) => {
      const text = forms[suffix](value);
      if (seen.has(text)) return [];
      seen.add(text);
      return [{ text, variable: `${variable}${suffix}` }];
    });
  });
  let pieces: Piece[] = [{ literal: text }];
  for (const { text: form, variable } of candidates.sort((a, b) => b.text.length - a.text.length)) {
    if (form === '') continue;
    pieces = pieces.flatMap((piece): Piece[] => {
      if (!('literal' in piece) || !piece.literal.includes(form)) return [piece];
      return piece.literal.split(form).flatMap((literal, i): Piece[] => (i === 0 ? [{ literal }] : [{ variable }, { literal }]));
    });
  }
  return pieces;
}

/** A URL as pieces: its path and its query each with the forms the run sent there. */
function urlPieces(url: string, values: readonly Named[]): Piece[] {
  const mark = url.indexOf('?');
  if (mark === -1) return substitute(url, values, 'path');
  return [...substitute(url.slice(0, mark), values, 'path'), ...substitute(url.slice(mark), values, 'query')];
}

/** The jq path of `key` under `path` (`.data.id`, `.data["x-ref"]`, `.[0]`): forms jq 1.6 reads as 1.7 does. */
const jqKey = (path: string, key: string): string => (/^[A-Za-z_][A-Za-z0-9_]*$/.test(key) ? `${path}.${key}` : `${path === '' ? '.' : path}[${JSON.stringify(key)}]`);
const jqIndex = (path: string, index: number): string => `${path === '' ? '.' : path}[${index}]`;

/** Masked credentials of a JSON answer (`api_nF…(masked)`), each with its jq path. */
function maskedIn(body: string | undefined): Array<{ value: string; jq: string }> {
  return valuesIn(body, (value) => /^[A-Za-z0-9_.~+/=-]{1,6}…\(masked\)$/.test(value));
}

function valuesIn(body: string | undefined, keep: (value: string, key: string) => boolean): Array<{ value: string; jq: string; key: string }> {
  if (body === undefined) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return [];
  }
  const found: Array<{ value: string; jq: string; key: string }> = [];
  const visit = (node: unknown, path: string, key: string, depth: number): void => {
    if (depth > 8 || found.length > 200) return;
    if (typeof node === 'string') {
      if (keep(node, key)) found.push({ value: node, jq: path === '' ? '.' : path, key });
      return;
    }
    if (Array.isArray(node)) node.forEach((item, i) => visit(item, jqIndex(path, i), key, depth + 1));
    else if (typeof node === 'object' && node !== null) for (const [k, v] of Object.entries(node)) visit(v, jqKey(path, k), k, depth + 1);
  };
  visit(parsed, '', '', 0);
  return found;
}

/** Id-like values of a JSON answer: under a key `id` or `…_id`/`…Id`, or prefixed like `ct_…`. */
function idsIn(body: string | undefined): Array<{ value: string; jq: string; key: string }> {
  return valuesIn(body, (value, key) => value.length >= 3 && value.length <= 200 && !value.includes('…(masked)') && (key === 'id' || /(_id|Id)$/.test(key) || /^[a-z]{1,6}_[A-Za-z0-9]{3,}$/.test(value)));
}

/** Longest field path kept in a variable's name (the jq line beside it says the whole path). */
const NAME_PATH_LIMIT = 40;

/**
 * The variable of a value step `step` (0-based) answered at `jq`: `MCS_V1_DATA_ID` for `.data.id` of step 1.
 * Made of the suite's words and the path sanitised to [A-Z0-9_], always behind `MCS_V<step>`: never a name
 * the shell, curl or the loader reads. Its encoded forms (`_URI`, `_FORM`) are reserved with it.
 */
function carriedName(step: number, jq: string, taken: Set<string>): string {
  const path = jq.replace(/[^A-Za-z0-9]+/g, '_').toUpperCase().slice(0, NAME_PATH_LIMIT).replace(/^_+|_+$/g, '');
  return reserve(`MCS_V${step + 1}${path === '' ? '' : `_${path}`}`, taken);
}

/** `base`, or `base_2`, `base_3`... whichever is free with its encoded forms; taken with them. */
function reserve(base: string, taken: Set<string>): string {
  const free = (name: string) => suffixes.every((suffix) => !taken.has(`${name}${suffix}`));
  let name = base;
  for (let n = 2; !free(name); n++) name = `${base}_${n}`;
  for (const suffix of suffixes) taken.add(`${name}${suffix}`);
  return name;
}

function safePath(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return url.split('?')[0] ?? url;
  }
}

function credentialName(masked: string, named: Map<string, string>, taken: Set<string>): string {
  const known = named.get(masked);
  if (known !== undefined) return known;
  const name = reserve(masked.startsWith('api_') ? 'MCS_API_KEY' : masked.startsWith('whsec') ? 'MCS_SIGNING_SECRET' : 'MCS_TOKEN', taken);
  named.set(masked, name);
  return name;
}

/**
 * The lines that set the encoded forms of `name` the script uses (none when it uses the value as it is
 * only); the encoders they call are added to `needed`.
 */
function encodedForms(name: string, used: ReadonlySet<string>, needed: Set<string>): string[] {
  return Object.entries(encoders)
    .filter(([suffix]) => used.has(`${name}${suffix}`))
    .map(([suffix, encoder]) => {
      needed.add(suffix);
      return `${name}${suffix}=$(${encoder.fn} "$${name}")`;
    });
}

const skippedHeaders = new Set(['content-length', 'host', 'connection']);

export interface ScriptOptions {
  /** Heading comment: what the script replays. */
  title: string;
  /** Step marked as the one that failed the check. */
  failing?: number;
  controlUrl?: string;
  /** Requests of the check the report did not keep (between its first ones and its last): not replayed. */
  dropped?: number;
}

/**
 * A POSIX shell script replaying every exchange in order, ids carried from one answer into the next
 * requests (jq), masked credentials left as variables the reader sets.
 */
export function reproScript(recorded: readonly Exchange[], options: ScriptOptions): string {
  // What came after the request that failed the check is not needed to reproduce it (and may stand on what
  // the run did after it, which a replay need not do).
  const exchanges = options.failing !== undefined && options.failing < recorded.length ? recorded.slice(0, options.failing + 1) : recorded;
  const after = recorded.length - exchanges.length;
  const taken = new Set<string>(['R', 'STATUS']);
  const credentials = new Map<string, string>();
  const carried: Carried[] = [];
  const requestText = (e: Exchange): string => [e.request.url, e.request.body ?? '', ...Object.values(e.request.headers)].join('\n');

  // Which answered ids later requests use: a value counts only if the step that answered it did not send it.
  // A masked credential an answer returned (the key of an organization the check made) is carried the same
  // way: the replay's own answer holds the real one.
  exchanges.forEach((exchange, step) => {
    const sent = requestText(exchange);
    const usedLater = (value: string) =>
      exchanges.slice(step + 1).some((later) => {
        const text = requestText(later);
        return suffixes.some((suffix) => text.includes(forms[suffix](value)));
      });
    for (const found of [...idsIn(exchange.response?.body), ...maskedIn(exchange.response?.body)]) {
      if (sent.includes(found.value) || carried.some((c) => c.value === found.value)) continue;
      if (usedLater(found.value)) carried.push({ name: carriedName(step, found.jq, taken), value: found.value, from: step, jq: found.jq });
    }
  });

  // Every request as shell words first: which variables (and which encoded forms) the script uses.
  const used = new Set<string>();
  const needed = new Set<string>();
  const requests = exchanges.map((exchange, step) => {
    const known: Named[] = carried.filter((c) => c.from < step).map((c) => ({ value: c.value, variable: c.name }));
    const secretsIn = (text: string): Named[] => [...text.matchAll(maskedSecret)].filter((m) => !known.some((k) => k.value === m[0])).map((m) => ({ value: m[0], variable: credentialName(m[0], credentials, taken) }));
    const word = (pieces: Piece[]): string => {
      for (const piece of pieces) if ('variable' in piece) used.add(piece.variable);
      return shellWord(pieces);
    };
    const { request } = exchange;
    const parts = ['curl', '-sS', '-w', quote('\\n%{http_code}'), '-X', request.method, word(urlPieces(request.url, [...known, ...secretsIn(request.url)]))];
    for (const [name, value] of Object.entries(request.headers)) {
      const header = `${name}: ${value}`;
      if (!skippedHeaders.has(name.toLowerCase())) parts.push('-H', word(substitute(header, [...known, ...secretsIn(header)], 'text')));
    }
    if (request.body !== undefined && request.body !== '') parts.push('--data-raw', word(substitute(request.body, [...known, ...secretsIn(request.body)], 'text')));
    return parts.join(' ');
  });

  const steps = exchanges.map((exchange, step) => {
    const { request, response } = exchange;
    const answered = response !== undefined ? `answered ${response.status}` : exchange.error !== undefined ? `got no answer (${exchange.error})` : 'answer not recorded';
    const control = options.controlUrl !== undefined && options.controlUrl !== '' && request.url.startsWith(options.controlUrl) ? ' (control API)' : '';
    const failing = step === options.failing;
    const comment = `${step + 1}. ${request.method} ${safePath(request.url)}${control}: ${answered}`.replace(/\s+/g, ' ');
    const lines = [`# ${comment}${failing ? '  <- the request that failed the check' : ''}`];
    // The answer's body, then its status beside the one the run saw (curl -w puts the status on a last line).
    lines.push(`R=$(${requests[step] ?? ''})`, `STATUS=$(printf '%s' "$R" | tail -n 1); R=$(printf '%s' "$R" | sed '$d')`, 'printf \'%s\\n\' "$R"');
    const saw = response !== undefined ? String(response.status) : 'no answer';
    lines.push(`echo "# step ${step + 1} answered $STATUS (the run saw ${saw}${failing ? '; the request that failed the check' : ''})"`);
    // An answer without the value (null, or a path jq cannot read) is said on stderr: the later requests then go
    // without it (an empty id may reach a list where the run read one object), and their statuses say so.
    for (const c of carried.filter((carriedValue) => carriedValue.from === step)) {
      const warn = `echo "# step ${step + 1}: its answer holds no ${c.jq.replace(/["$`\\]/g, '')}, which a later step uses: the replay goes on without it, so a later status may differ for that reason alone" >&2`;
      lines.push(`${c.name}=$(printf '%s' "$R" | jq -er ${quote(c.jq)}) || { ${c.name}=''; ${warn}; }`, ...encodedForms(c.name, used, needed));
    }
    return lines.join('\n');
  });

  const needs = [...credentials.entries()].flatMap(([masked, name]) => [`: "\${${name}:?set ${name} to the credential the report shows as ${masked.replace(/["$`\\]/g, '')}}"`, ...encodedForms(name, used, needed)]);
  const helpers = Object.entries(encoders)
    .filter(([suffix]) => needed.has(suffix))
    .map(([, encoder]) => `${encoder.fn}() { printf '%s' "$1" | jq -sRr ${quote(encoder.jq)}; }`);
  return [
    '#!/bin/sh',
    `# ${options.title.replace(/\s+/g, ' ')}`,
    `# Replays ${exchanges.length} requests of the check in order${after > 0 ? `, up to the one that failed it (the ${after} after it are left out)` : ''}.`,
    ...(options.dropped !== undefined && options.dropped > 0
      ? [`# The check made ${options.dropped} more request(s) between step ${Math.max(recorded.length - 1, 1)} and the last, which the report does not keep: they are not`, '# replayed, so a later step may not meet the state the run saw (its status may differ for that reason alone).']
      : []),
    '# Ids (and keys) an answer returned are carried into the requests that use them (needs curl and jq), as',
    '# MCS_V<step>_<field> variables, percent-encoded in URLs as the run sent them; each step prints its status',
    '# beside the one the run saw.',
    ...(helpers.length > 0 ? ['# How the run percent-encoded a value: in a path (mcs_uri), in a query (mcs_form).', ...helpers] : []),
    ...(needs.length > 0 ? ['# Set the credentials first: the report masks them.'] : []),
    ...needs,
    '',
    steps.join('\n\n'),
    '',
  ].join('\n');
}
