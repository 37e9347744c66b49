// The unit tests of test/gates/sharing-modules.ts's folders run one file after another in the same modules
// (isolate: false), and vitest puts spies, stubbed variables and globals back after each test there. What it does
// not put back would reach the next file: a mocked module, fake timers, a changed working folder.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sharingModulesFolders } from '../gates/sharing-modules.js';

const leftForTheNextFile = [
  { pattern: /\bvi\.(mock|doMock|unmock|doUnmock)\(/, what: 'a mocked module' },
  { pattern: /\bvi\.useFakeTimers\(/, what: 'fake timers' },
  { pattern: /\bprocess\.chdir\(/, what: 'a changed working folder' },
];

/** What a test file's text would leave to the next file in the same worker. */
function leftBehind(text: string): string[] {
  return leftForTheNextFile.filter(({ pattern }) => pattern.test(text)).map(({ what }) => what);
}

const root = new URL('../../', import.meta.url);
const testFiles = sharingModulesFolders.flatMap((folder) =>
  readdirSync(new URL(`${folder}/`, root), { recursive: true, encoding: 'utf8' })
    .filter((path) => path.endsWith('.test.ts'))
    .map((path) => `${folder}/${path}`),
);

describe('the tests that share their workers’ modules', () => {
  it('are found (the folders exist and hold tests)', () => {
    expect(testFiles.length).toBeGreaterThan(30);
  });

  it('leave nothing to the next file', () => {
    const found = testFiles.flatMap((file) => leftBehind(readFileSync(new URL(file, root), 'utf8')).map((what) => `${file}: ${what}`));
    expect(found).toEqual([]);
  });

  it('would be caught mocking a module, faking timers or changing folder', () => {
    expect(leftBehind("vi.mock('node:fs/promises', () => ({}));\nvi.useFakeTimers();\nprocess.chdir(dir);")).toEqual(['a mocked module', 'fake timers', 'a changed working folder']);
    expect(leftBehind("vi.spyOn(process.stdout, 'write');\nvi.stubEnv('CI', '');")).toEqual([]);
  });
});
