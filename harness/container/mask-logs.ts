// Container logs are attached to reports, so secrets in them are masked: the values of environment
// variables whose names look secret, credentials by their shape (bearer tokens, api_/tok_/whsec_ keys,
// key=value pairs with secret names), and every secret the harness has seen in this process.
import { maskSecret, secrets as harnessSecrets, type SecretRegistry } from '../http/mask.js';

const SECRET_NAME = /(key|token|secret|passw(or)?d|pass|credential|auth)/i;

/** The values among an environment that must not appear in logs. */
export function secretValues(env: Record<string, string>): string[] {
  return Object.entries(env)
    .filter(([name, value]) => SECRET_NAME.test(name) && value.length >= 4)
    .map(([, value]) => value)
    .sort((a, b) => b.length - a.length);
}

const SHAPES: Array<[RegExp, (match: string, ...groups: string[]) => string]> = [
  [/\b(Bearer|Basic)(\s+)([^\s"',;]+)/gi, (_m, scheme, space, value) => `${scheme}${space}${maskSecret(value)}`],
  [/\b(?:api|tok|whsec|sk|pk)_[A-Za-z0-9_-]{8,}/g, (value) => maskSecret(value)],
  [
    /(["']?[\w-]*(?:api[_-]?key|token|secret|passw(?:or)?d)[\w-]*["']?\s*[:=]\s*["']?)([^\s"',;&}]{4,})/gi,
    (_m, head, value) => (value.includes('…(masked)') ? `${head}${value}` : `${head}${maskSecret(value)}`),
  ],
];

export function maskLogText(text: string, known: readonly string[] = [], registry: SecretRegistry = harnessSecrets): string {
  let masked = text;
  for (const secret of known) if (masked.includes(secret)) masked = masked.split(secret).join(maskSecret(secret));
  for (const [pattern, replace] of SHAPES) masked = masked.replace(pattern, replace as (match: string, ...rest: string[]) => string);
  return registry.maskText(masked);
}
