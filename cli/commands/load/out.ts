// Default output location: load/out/ (git-ignored), one file per run, named by what ran and when.
import { fileURLToPath } from 'node:url';

export function defaultOutPath(stem: string, extension = 'json'): string {
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  return fileURLToPath(new URL(`../../../load/out/${stem}-${stamp}.${extension}`, import.meta.url));
}
