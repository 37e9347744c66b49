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

  maskText(text: string): string {
    let masked = text;
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
