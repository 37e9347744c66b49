// The signing key of `mcs certify --sign-key FILE`: an Ed25519 private key in PEM, read once. Whoever can read
// it can issue certificates in the certifier's name, so, as ssh does with a private key, a file that group or
// others may read is named in a warning, or refused outright under --strict (docs/certificates.md).
import type { KeyObject } from 'node:crypto';
import { open } from 'node:fs/promises';
import { readPrivateKey, SigningKeyError } from './certificate-signature.js';

export interface SigningKeyFile {
  key: KeyObject;
  /** One line when group or others may read or write the file (and --strict was not given). */
  warning?: string;
}

/** Group and others' read, write and execute bits. */
const openToOthers = 0o077;

/**
 * Reads the key of `path`. Its mode is taken from the file opened (not from the name, which could be swapped
 * between a check and the read). SigningKeyError, naming the file, when it cannot be read, is not an Ed25519
 * private key, or is open to others under `strict`.
 */
export async function readSigningKeyFile(path: string, options: { strict?: boolean } = {}): Promise<SigningKeyFile> {
  let pem: string;
  let mode: number;
  try {
    const handle = await open(path, 'r');
    try {
      mode = (await handle.stat()).mode;
      pem = await handle.readFile('utf8');
    } finally {
      await handle.close();
    }
  } catch (error) {
    throw new SigningKeyError(`${path}: cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  const exposed = process.platform !== 'win32' && (mode & openToOthers) !== 0;
  const permissions = `mode ${(mode & 0o777).toString(8).padStart(4, '0')}`;
  if (exposed && options.strict === true) throw new SigningKeyError(`${path}: open to group or others (${permissions}); a signing key must be private: chmod 600 ${path}`);
  const key = readPrivateKey(pem, path);
  return exposed ? { key, warning: `warning: --sign-key ${path} is open to group or others (${permissions}): chmod 600 ${path} (--strict refuses such a key)` } : { key };
}
