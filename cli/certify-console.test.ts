import { join } from 'node:path';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../harness/runner/paths.js';
import { certifyConsole, verbosityOf } from './certify-console.js';

describe('the console of mcs certify', () => {
  it('refuses --quiet with --verbose', () => {
    expect(verbosityOf({})).toBe('normal');
    expect(verbosityOf({ quiet: true })).toBe('quiet');
    expect(verbosityOf({ verbose: true })).toBe('verbose');
    expect(() => verbosityOf({ quiet: true, verbose: true })).toThrow('--quiet and --verbose contradict each other: give one');
  });

  it('names a file of the suites from the tool\'s folder, not from the folder it runs in', () => {
    let text = '';
    const out = new Writable({ write: (chunk: Buffer, _encoding, done) => ((text += chunk.toString()), done()) });
    const { progress } = certifyConsole(out, { CI: 'true' }, {});
    progress.planned(1, 1);
    progress.fileDone(join(projectRoot, 'suites', 'contacts', 'list.test.ts'), []);
    progress.end();
    expect(text).toMatch(/\] suites\/contacts\/list\.test\.ts: no checks\n/);
  });
});
