// How a reader reproduces a failure: the request that failed (not merely the last one the check sent),
// and for a check of several steps a shell script replaying every exchange in order. The script carries
// each id an answer returned into the later requests that used it (a shell variable read with jq), and so
// too each credential an answer returned (a key of an organization the check made: the report shows it
// masked, the replay reads the new one from its own answer); every other masked credential is a variable the
// reader sets: the report never holds a usable secret. Each step prints the status it got beside the one
// the run saw, so that a reader (and test/docs/replay-scripts.e2e.ts) sees the failure come back.
import type { Exchange } from '../results/model.js';

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

type Piece = { literal: string } | { variable: string };

/** POSIX single-quoting, the same as the curl lines of the harness. */
function quote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

function shellWord(pieces: Piece[]): string {
  const parts = pieces.filter((p) => !('literal' in p) || p.literal !== '').map((p) => ('literal' in p ? quote(p.literal) : `"$${p.variable}"`));
  return parts.length === 0 ? "''" : parts.join('');
}

/** Splits a text on every occurrence of the given values, longest first, into literals and variables. */
function substitute(text: string, values: ReadonlyArray<{ value: string; variable: string }>): Piece[] {
  let pieces: Piece[] = [{ literal: text }];
  for (const { value, variable } of [...values].sort((a, b) => b.value.length - a.value.length)) {
    const forms = [...new Set([value, encodeURIComponent(value)])];
    pieces = pieces.flatMap((piece): Piece[] => {
      if (!('literal' in piece)) return [piece];
      let parts: Piece[] = [{ literal: piece.literal }];
      for (const form of forms) {
        parts = parts.flatMap((p): Piece[] => {
          if (!('literal' in p) || !p.literal.includes(form)) return [p];
          const split = p.literal.split(form);
          return split.flatMap((literal, i): Piece[] => (i === 0 ? [{ literal }] : [{ variable }, { literal }]));
        });
      }
      return parts;
    });
  }
  return pieces;
}

const jqKey = (key: string): string => (/^[A-Za-z_][A-Za-z0-9_]*$/.test(key) ? `.${key}` : `.[${JSON.stringify(key)}]`);

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
    if (Array.isArray(node)) node.forEach((item, i) => visit(item, `${path}[${i}]`, key, depth + 1));
    else if (typeof node === 'object' && node !== null) for (const [k, v] of Object.entries(node)) visit(v, `${path}${jqKey(k)}`, k, depth + 1);
  };
  visit(parsed, '', '', 0);
  return found;
}

/** Id-like values of a JSON answer: under a key `id` or `…_id`/`…Id`, or prefixed like `ct_…`. */
function idsIn(body: string | undefined): Array<{ value: string; jq: string; key: string }> {
  return valuesIn(body, (value, key) => value.length >= 3 && value.length <= 200 && !value.includes('…(masked)') && (key === 'id' || /(_id|Id)$/.test(key) || /^[a-z]{1,6}_[A-Za-z0-9]{3,}$/.test(value)));
}

/** A shell variable name for a carried id: `chat_id` -> CHAT_ID, an `id` in POST /contacts -> CONTACT_ID. */
function variableName(key: string, url: string, taken: Set<string>): string {
  let base: string;
  if (key !== 'id' && key !== '') base = key.replace(/([a-z])([A-Z])/g, '$1_$2');
  else {
    const segments = safePath(url).split('/').filter((s) => s !== '' && !/\d/.test(s));
    const resource = (segments.at(-1) ?? 'resource').replace(/ies$/, 'y').replace(/s$/, '');
    base = `${resource}_id`;
  }
  const name = base.replace(/[^A-Za-z0-9]+/g, '_').replace(/^_+|_+$/g, '').toUpperCase() || 'ID';
  let unique = /^[0-9]/.test(name) ? `V_${name}` : name;
  for (let n = 2; taken.has(unique); n++) unique = `${name}_${n}`;
  taken.add(unique);
  return unique;
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
  const kind = masked.startsWith('api_') ? 'MCS_API_KEY' : masked.startsWith('whsec') ? 'MCS_SIGNING_SECRET' : 'MCS_TOKEN';
  let name = kind;
  for (let n = 2; taken.has(name); n++) name = `${kind}_${n}`;
  taken.add(name);
  named.set(masked, name);
  return name;
}

const skippedHeaders = new Set(['content-length', 'host', 'connection']);

export interface ScriptOptions {
  /** Heading comment: what the script replays. */
  title: string;
  /** Step marked as the one that failed the check. */
  failing?: number;
  controlUrl?: string;
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
  const carriedCredentials = new Map<string, string>();
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
        return text.includes(value) || text.includes(encodeURIComponent(value));
      });
    for (const id of idsIn(exchange.response?.body)) {
      if (sent.includes(id.value) || carried.some((c) => c.value === id.value)) continue;
      if (usedLater(id.value)) carried.push({ name: variableName(id.key, exchange.request.url, taken), value: id.value, from: step, jq: id.jq });
    }
    for (const secret of maskedIn(exchange.response?.body)) {
      if (sent.includes(secret.value) || carried.some((c) => c.value === secret.value)) continue;
      if (usedLater(secret.value)) carried.push({ name: credentialName(secret.value, carriedCredentials, taken), value: secret.value, from: step, jq: secret.jq });
    }
  });

  const steps = exchanges.map((exchange, step) => {
    const known = carried.filter((c) => c.from < step).map((c) => ({ value: c.value, variable: c.name }));
    const secretsIn = (text: string) => [...text.matchAll(maskedSecret)].filter((m) => !known.some((k) => k.value === m[0])).map((m) => ({ value: m[0], variable: credentialName(m[0], credentials, taken) }));
    const word = (text: string) => shellWord(substitute(text, [...known, ...secretsIn(text)]));
    const { request, response } = exchange;
    const parts = ['curl', '-sS', '-w', quote('\\n%{http_code}'), '-X', request.method, word(request.url)];
    for (const [name, value] of Object.entries(request.headers)) if (!skippedHeaders.has(name.toLowerCase())) parts.push('-H', word(`${name}: ${value}`));
    if (request.body !== undefined && request.body !== '') parts.push('--data-raw', word(request.body));
    const answered = response !== undefined ? `answered ${response.status}` : exchange.error !== undefined ? `got no answer (${exchange.error})` : 'answer not recorded';
    const control = options.controlUrl !== undefined && options.controlUrl !== '' && request.url.startsWith(options.controlUrl) ? ' (control API)' : '';
    const failing = step === options.failing;
    const comment = `${step + 1}. ${request.method} ${safePath(request.url)}${control}: ${answered}`.replace(/\s+/g, ' ');
    const lines = [`# ${comment}${failing ? '  <- the request that failed the check' : ''}`];
    // The answer's body, then its status beside the one the run saw (curl -w puts the status on a last line).
    lines.push(`R=$(${parts.join(' ')})`, `STATUS=$(printf '%s' "$R" | tail -n 1); R=$(printf '%s' "$R" | sed '$d')`, 'printf \'%s\\n\' "$R"');
    const saw = response !== undefined ? String(response.status) : 'no answer';
    lines.push(`echo "# step ${step + 1} answered $STATUS (the run saw ${saw}${failing ? '; the request that failed the check' : ''})"`);
    for (const c of carried.filter((carriedValue) => carriedValue.from === step)) lines.push(`${c.name}=$(printf '%s' "$R" | jq -r ${quote(c.jq)})`);
    return lines.join('\n');
  });

  const needs = [...credentials.entries()].map(([masked, name]) => `: "\${${name}:?set ${name} to the credential the report shows as ${masked.replace(/["$`\\]/g, '')}}"`);
  return [
    '#!/bin/sh',
    `# ${options.title.replace(/\s+/g, ' ')}`,
    `# Replays ${exchanges.length} requests of the check in order${after > 0 ? `, up to the one that failed it (the ${after} after it are left out)` : ''}.`,
    '# Ids (and keys) an answer returned are carried into the requests that use them (needs curl and jq); each',
    '# step prints its status beside the one the run saw.',
    ...(needs.length > 0 ? ['# Set the credentials first: the report masks them.'] : []),
    ...needs,
    '',
    steps.join('\n\n'),
    '',
  ].join('\n');
}
