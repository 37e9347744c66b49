// Signing and verifying certificates (Ed25519, node:crypto). The signature covers the certificate's
// canonical JSON (keys sorted, no whitespace) without its `signature` field; the certificate carries the
// SHA-256 of the report.json it was issued from, so report and certificate are bound together. A
// certifying body keeps the private key; anyone with the public key can check both (docs/certificates.md).
import { errorCodes, McsError } from '../spec/errors.js';
import { createHash, createPrivateKey, createPublicKey, sign, verify, type KeyObject } from 'node:crypto';
import type { Certificate } from './certificate.js';

export class SigningKeyError extends McsError {
  override name = 'SigningKeyError';
  override readonly code = errorCodes.signingKey;
}

/** JSON with object keys sorted at every level: the same certificate always gives the same bytes. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

export function sha256Hex(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

function signedBytes(certificate: Certificate): Buffer {
  const { signature: _signature, ...unsigned } = certificate;
  return Buffer.from(canonicalJson(unsigned), 'utf8');
}

function publicKeyDigest(key: KeyObject): string {
  return sha256Hex(key.export({ type: 'spki', format: 'der' }));
}

/** An Ed25519 private key from PEM text (PKCS#8, as `openssl genpkey -algorithm ed25519` writes it). */
export function readPrivateKey(pem: string, file: string): KeyObject {
  return readEd25519(() => createPrivateKey(pem), file, 'private');
}

/** An Ed25519 public key from PEM text (SPKI); a private key file gives its public half. */
export function readPublicKey(pem: string, file: string): KeyObject {
  return readEd25519(() => createPublicKey(pem), file, 'public');
}

function readEd25519(read: () => KeyObject, file: string, kind: 'private' | 'public'): KeyObject {
  let key: KeyObject;
  try {
    key = read();
  } catch {
    throw new SigningKeyError(`${file}: not a PEM ${kind} key`);
  }
  if (key.asymmetricKeyType !== 'ed25519') throw new SigningKeyError(`${file}: an Ed25519 key is needed, this one is ${key.asymmetricKeyType ?? 'unknown'}`);
  return key;
}

export function signCertificate(certificate: Certificate, privateKey: KeyObject): Certificate {
  const { signature: _old, ...unsigned } = certificate;
  const value = sign(null, signedBytes(unsigned as Certificate), privateKey).toString('base64');
  return { ...unsigned, signature: { algorithm: 'Ed25519', publicKeySha256: publicKeyDigest(createPublicKey(privateKey)), value } };
}

export type Verification = { valid: true; detail: string } | { valid: false; reason: string };

/**
 * Checks a certificate's signature with `publicKey` and, given the report text, that the certificate was
 * issued from exactly that report. The first problem found is the reason.
 */
export function verifyCertificate(certificate: Certificate, publicKey: KeyObject, reportText?: string): Verification {
  const signature = certificate.signature;
  if (signature === undefined) return { valid: false, reason: 'the certificate is not signed' };
  if (signature.algorithm !== 'Ed25519' || typeof signature.value !== 'string') return { valid: false, reason: `unsupported signature algorithm ${String(signature.algorithm)}` };
  if (signature.publicKeySha256 !== publicKeyDigest(publicKey)) return { valid: false, reason: 'signed with another key than the public key given' };
  if (!verify(null, signedBytes(certificate), publicKey, Buffer.from(signature.value, 'base64'))) {
    return { valid: false, reason: 'the signature does not match: the certificate was changed after it was signed' };
  }
  if (reportText !== undefined) {
    const digest = sha256Hex(reportText);
    if (digest !== certificate.reportSha256) return { valid: false, reason: `the report does not match the certificate: its SHA-256 is ${digest}, the certificate names ${certificate.reportSha256}` };
  }
  if (certificate.issued !== true) return { valid: false, reason: `the certificate was not issued (status ${certificate.status})` };
  return { valid: true, detail: `signed certificate, status ${certificate.status}${reportText !== undefined ? ', issued from this report' : ''}` };
}
