// Secrets never appear in full in logs: keep a short recognisable head.
export function maskSecret(secret: string): string {
  if (secret.length <= 8) return '****';
  return `${secret.slice(0, 6)}…${'*'.repeat(4)}`;
}

/** Mask every bearer token and api_ key inside a free-text line. */
export function maskLine(line: string): string {
  return line
    .replace(/(Bearer\s+)(\S+)/gi, (_m, p: string, s: string) => p + maskSecret(s))
    .replace(/\b(api|tok|whsec)_[A-Za-z0-9_]{8,}/g, (s) => maskSecret(s));
}
