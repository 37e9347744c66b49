// Secrets (API keys, app tokens, signing secrets) never appear in full in logs or reports. Two nets:
// every secret the harness has seen is replaced wherever it occurs (URLs, headers, bodies, messages), and
// JSON fields that hold secrets are masked even when the value was never seen before. How a masked value
// looks is the results' rule (results/mask.ts, which reports read too); this module finds the secrets.
import { maskAuthorization, maskSecret } from '../../results/mask.js';

export { maskAuthorization, maskSecret };

/** JSON fields whose values are secrets. */
const secretFields = new Set(['api_key', 'token', 'signing_secret', 'secret', 'access_token', 'password', 'owner_api_key']);


/** The secrets seen so far in this process (fixtures, credentials sent, secrets returned). */
export class SecretRegistry {
  /** Parts of configured URLs (`user:pass@`, `token=value`) and their masked form, whatever their length. */
  readonly #urlParts = new Map<string, string>();
  readonly #secrets = new Set<string>();
  /** Longest first, so that a secret containing another is replaced whole. */
  #ordered: string[] = [];

  add(secret: string | null | undefined): void {
    // Very short values would mask ordinary words; real keys and tokens are long.
    if (typeof secret !== 'string' || secret.length < 8 || this.#secrets.has(secret)) return;
    this.#secrets.add(secret);
    this.#ordered = [...this.#secrets].sort((a, b) => b.length - a.length);
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
    for (const secret of this.#ordered) {
      if (masked.includes(secret)) masked = masked.split(secret).join(maskSecret(secret));
      const encoded = encodeURIComponent(secret);
      if (encoded !== secret && masked.includes(encoded)) masked = masked.split(encoded).join(maskSecret(secret));
    }
    return masked;
  }
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


/** Masks a body: secret fields of JSON by name, then every known secret anywhere in the text. */
export function maskBody(text: string, registry: SecretRegistry = secrets): string {
  let result = text;
  const parsed = parseIfJson(text);
  if (parsed !== undefined && typeof parsed === 'object' && parsed !== null) {
    let touched = false;
    visitSecretFields(parsed, (value, holder, key) => {
      holder[key] = maskSecret(value);
      touched = true;
    });
    if (touched) result = JSON.stringify(parsed);
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
