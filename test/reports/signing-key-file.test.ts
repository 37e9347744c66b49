// The signing key's mode (issue 42, item 5): as ssh does with a private key, a --sign-key file that group or
// others may read is named in a one-line warning, and refused under --strict.
import { generateKeyPairSync } from 'node:crypto';
import { chmod, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SigningKeyError } from '../../reports/certificate-signature.js';
import { readSigningKeyFile } from '../../reports/signing-key-file.js';

async function keyFile(mode: number): Promise<string> {
  const file = join(await mkdtemp(join(tmpdir(), 'mcs-sign-key-')), 'signing.pem');
  await writeFile(file, generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }));
  await chmod(file, mode);
  return file;
}

describe.skipIf(process.platform === 'win32')('the mode of the signing key', () => {
  it('a private file (0600) is read without a word', async () => {
    const read = await readSigningKeyFile(await keyFile(0o600), { strict: true });
    expect(read.key.asymmetricKeyType).toBe('ed25519');
    expect(read.warning).toBeUndefined();
  });

  for (const mode of [0o644, 0o640, 0o604, 0o620]) {
    it(`mode ${mode.toString(8)}: a one-line warning naming the file and the fix; refused under --strict`, async () => {
      const file = await keyFile(mode);
      const read = await readSigningKeyFile(file);
      expect(read.key.asymmetricKeyType).toBe('ed25519');
      expect(read.warning).toBe(`warning: --sign-key ${file} is open to group or others (mode 0${mode.toString(8)}): chmod 600 ${file} (--strict refuses such a key)`);
      const refusal = readSigningKeyFile(file, { strict: true });
      await expect(refusal).rejects.toBeInstanceOf(SigningKeyError);
      await expect(refusal).rejects.toThrow(`${file}: open to group or others (mode 0${mode.toString(8)}); a signing key must be private: chmod 600 ${file}`);
    });
  }

  it('a file that cannot be read names itself', async () => {
    await expect(readSigningKeyFile('/nonexistent/key.pem')).rejects.toThrow('/nonexistent/key.pem: cannot be read (ENOENT)');
  });
});
