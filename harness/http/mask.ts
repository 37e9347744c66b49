// Secrets (API keys, app tokens, signing secrets) never appear in full in logs or reports. Two nets:
// every secret the harness has seen is replaced wherever it occurs (URLs, headers, bodies, messages), and
// JSON fields that hold secrets are masked even when the value was never seen before. How a masked value
// looks is the results' rule (results/mask.ts, which reports read too); this module finds the secrets.
//
// A credential is masked whatever its length. One of 8 characters or more is replaced wherever it occurs, as
// no ordinary text holds it by chance. A shorter one may also be an ordinary word (a key `test` in "test
// message"), so replacing it everywhere would corrupt the evidence; it is replaced where it stands as a
// credential: after an authorization scheme (`Bearer shrtkey`, in a header or echoed in a body), as the value
// of a credential-named field or parameter (`"api_key": "shrtkey"`, `token=shrtkey`, `key: shrtkey`), as a
// whole quoted string (`"shrtkey"`: a JSON value that is the key and nothing else), and as a whole token
// anywhere when it cannot be a word (it holds a digit, a symbol, or upper and lower case: `k3Y`, `Ab_9`).
import { maskAuthorization, maskSecret } from '../../results/mask.js';

export { maskAuthorization, maskSecret };

/** JSON fields whose values are secrets. */
const secretFields = new Set(['api_key', 'token', 'signing_secret', 'secret', 'access_token', 'password', 'owner_api_key']);


/** Secrets shorter than this may be ordinary words: they are masked where they stand as credentials (see above). */
const shortBelow = 8;
/** A short secret is matched only as a whole word: not next to a letter, digit, `_` or `-`. */
const wordChar = '[A-Za-z0-9_-]';
/** Authorization schemes, and names of fields and parameters that hold credentials (any case). */
const schemes = caseless(['bearer', 'basic', 'token', 'bot', 'digest', 'apikey']);
const credentialNames = `(?:[A-Za-z_-]*${caseless(['api_key', 'api-key', 'apikey', 'token', 'secret', 'password', 'passwd', 'credential'])}s?|${caseless(['key', 'authorization', 'auth'])})`;

/** Words as a pattern whose letters match either case (the secrets themselves are matched exactly). */
function caseless(words: readonly string[]): string {
  return `(?:${words.map((word) => word.replace(/[a-z]/g, (letter) => `[${letter}${letter.toUpperCase()}]`)).join('|')})`;
}

/** The secrets seen so far in this process (fixtures, credentials sent, secrets returned). */
export class SecretRegistry {
  /** Parts of configured URLs (`user:pass@`, `token=value`) and their masked form, whatever their length. */
  readonly #urlParts = new Map<string, string>();
  readonly #secrets = new Set<string>();
  /**
   * Longest first, so that a secret containing another is replaced whole; each with its URL-encoded form (when
   * that differs) and its masked form, worked out once: maskText runs over every exchange of a run.
   */
  #ordered: { secret: string; encoded: string | undefined; masked: string }[] = [];
  /** Secrets under `shortBelow` characters, masked in context only (see above). */
  readonly #short = new Set<string>();
  #shortPattern: RegExp | undefined;

  add(secret: string | null | undefined): void {
    if (typeof secret !== 'string' || secret === '' || this.#secrets.has(secret) || this.#short.has(secret)) return;
    if (secret.length < shortBelow) {
      this.#short.add(secret);
      this.#shortPattern = shortSecretPattern([...this.#short]);
      return;
    }
    this.#secrets.add(secret);
    this.#ordered = [...this.#secrets]
      .sort((a, b) => b.length - a.length)
      .map((known) => ({ secret: known, encoded: encodeURIComponent(known) === known ? undefined : encodeURIComponent(known), masked: maskSecret(known) }));
  }

  /** Adds every secret-field value found in a JSON text or value. */
  addFromBody(body: unknown): void {
    visitSecretFields(parseIfJson(body), (value) => this.add(value));
  }

  /** A part of a configured URL replaced by `masked` wherever it appears (short values too: the context makes them specific). */
  addUrlPart(part: string, masked: string): void {
    if (part !== masked && part !== '') this.#urlParts.set(part, masked);
  }

  maskText(text: string): string {
    let masked = text;
    for (const [part, replacement] of this.#urlParts) if (masked.includes(part)) masked = masked.split(part).join(replacement);
    for (const { secret, encoded, masked: replacement } of this.#ordered) {
      if (masked.includes(secret)) masked = masked.split(secret).join(replacement);
      if (encoded !== undefined && masked.includes(encoded)) masked = masked.split(encoded).join(replacement);
    }
    if (this.#shortPattern !== undefined) {
      masked = masked.replace(this.#shortPattern, (_all, before?: string, secret?: string, before2?: string, secret2?: string) => `${before ?? before2 ?? ''}${maskSecret(secret ?? secret2 ?? '')}`);
    }
    return masked;
  }
}

/**
 * One pattern for the short secrets: `before` (a scheme, a credential name and its separator, an opening
 * quote, or nothing for a secret that cannot be a word) then the secret, as a whole run of token characters.
 */
function shortSecretPattern(shortSecrets: readonly string[]): RegExp {
  const alternatives = (list: readonly string[]) => [...list].sort((a, b) => b.length - a.length).map(escapeRegExp).join('|');
  const all = alternatives(shortSecrets);
  const unlikeWords = shortSecrets.filter((secret) => !/^(?:[a-z]+|[A-Z]+|[A-Z][a-z]+)$/.test(secret));
  const contexts = [
    String.raw`\b${schemes}\s+`, // Authorization: Bearer X, echoed anywhere
    String.raw`\b${credentialNames}["']?\s*[:=]\s*["']?`, // "api_key": "X", token=X, key: X
    String.raw`(?<!${wordChar})["'\x60]`, // "X": a quoted string that starts with the secret as a word
  ].join('|');
  const inContext = String.raw`(${contexts})(${all})(?!${wordChar})`;
  const anywhere = unlikeWords.length === 0 ? '' : String.raw`|()(?<!${wordChar})(${alternatives(unlikeWords)})(?!${wordChar})`;
  // Two groups a branch: the replacement reads groups 1-2 or 3-4.
  return new RegExp(`${inContext}${anywhere}`, 'g');
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The process-wide registry the HTTP client and the check wrapper share. */
export const secrets = new SecretRegistry();

const URL_MASK = '***';

/** A URL with its userinfo and every query value masked: `http://***:***@host/p?access_token=***`. */
export function maskUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return secrets.maskText(url);
  }
  if (parsed.username === '' && parsed.password === '' && parsed.search === '') return url;
  const userinfo = parsed.username !== '' || parsed.password !== '' ? `${URL_MASK}${parsed.password !== '' ? `:${URL_MASK}` : ''}@` : '';
  const names = [...parsed.searchParams.keys()];
  const query = parsed.search === '' ? '' : `?${names.map((name) => `${encodeURIComponent(name)}=${URL_MASK}`).join('&')}`;
  return `${parsed.protocol}//${userinfo}${parsed.host}${parsed.pathname}${query}`;
}

/**
 * Registers what a configured URL carries that may be a credential (userinfo, query values), in each process
 * that handles the URL, so that every text showing it (exchanges, curl lines, messages) is masked.
 */
export function registerUrlSecrets(url: string, registry: SecretRegistry = secrets): void {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return;
  }
  if (parsed.username !== '' || parsed.password !== '') {
    const raw = /^[a-z][a-z0-9+.-]*:\/\/([^@/?#]*)@/i.exec(url)?.[1];
    if (raw !== undefined) registry.addUrlPart(`${raw}@`, `${URL_MASK}${parsed.password !== '' ? `:${URL_MASK}` : ''}@`);
    registry.add(safeDecode(parsed.password));
  }
  const rawQuery = url.includes('?') ? (url.slice(url.indexOf('?') + 1).split('#')[0] ?? '') : '';
  for (const pair of rawQuery.split('&')) {
    const at = pair.indexOf('=');
    if (at <= 0 || at === pair.length - 1) continue;
    registry.addUrlPart(pair, `${pair.slice(0, at)}=${URL_MASK}`);
    registry.add(safeDecode(pair.slice(at + 1).replace(/\+/g, ' ')));
  }
}

/**
 * Registers the credentials a configuration gives (keys and tokens from the config file, flags or environment,
 * of every organization it describes), whatever their length, before any is sent or echoed.
 */
export function registerConfigSecrets(fixtures: unknown, registry: SecretRegistry = secrets): void {
  const visit = (value: unknown, under: string | undefined, depth: number): void => {
    if (depth > 8 || typeof value !== 'object' || value === null) return;
    for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
      if (typeof child === 'string' && (under === 'api_keys' || secretFields.has(key))) registry.add(child);
      else visit(child, Array.isArray(value) ? under : key, depth + 1);
    }
  };
  visit(fixtures, undefined, 0);
}

export function maskHeaders(headers: Record<string, string>, registry: SecretRegistry = secrets): Record<string, string> {
  const masked: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    const lower = name.toLowerCase();
    if (lower === 'authorization') masked[name] = maskAuthorization(value);
    else if (lower === 'cookie' || lower === 'set-cookie') masked[name] = maskSecret(value);
    else masked[name] = registry.maskText(value);
  }
  return masked;
}


/**
 * Masks a body: secret fields of JSON by name, then every known secret anywhere in the text. `parsed` is the
 * body already parsed (the transport parses each answer once): the text is parsed again, to be rewritten, only
 * when it holds a secret field.
 */
export function maskBody(text: string, registry: SecretRegistry = secrets, parsed?: { ok: true; value: unknown } | { ok: false }): string {
  let result = text;
  const known = parsed === undefined ? parseIfJson(text) : parsed.ok ? parsed.value : undefined;
  let hasSecretField = false;
  visitSecretFields(known, () => (hasSecretField = true));
  const own = hasSecretField && parsed !== undefined ? parseIfJson(text) : known;
  if (hasSecretField && own !== undefined && typeof own === 'object' && own !== null) {
    visitSecretFields(own, (value, holder, key) => {
      holder[key] = maskSecret(value);
    });
    result = JSON.stringify(own);
  }
  return registry.maskText(result);
}

type Holder = Record<string | number, unknown>;

function visitSecretFields(value: unknown, visit: (secret: string, holder: Holder, key: string) => void, depth = 0): void {
  if (depth > 20 || typeof value !== 'object' || value === null) return;
  const holder = value as Holder;
  for (const [key, child] of Object.entries(holder)) {
    if (secretFields.has(key) && typeof child === 'string') visit(child, holder, key);
    else visitSecretFields(child, visit, depth + 1);
  }
}

function parseIfJson(body: unknown): unknown {
  if (typeof body !== 'string') return body;
  const trimmed = body.trimStart();
  if (!trimmed.startsWith('{') && !trimmed.startsWith('[')) return undefined;
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
