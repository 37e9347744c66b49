// The forms the project's Dockerfile does not use today, so that the staged-image test follows a change to it
// or refuses it, rather than starting something the image would not.
import { describe, expect, it } from 'vitest';
import { imageEntry } from './dockerfile-entry.js';

describe('imageEntry', () => {
  it("joins ENTRYPOINT and CMD and takes only the last stage's ENV, continuations and quotes included", () => {
    const dockerfile = ['FROM a AS build', 'ENV STAGE=build', 'CMD ["make"]', 'FROM b', '# ENV IGNORED=1', 'ENV A=1 \\', '  B="two words"', 'ENTRYPOINT ["node", "x.js"]', 'CMD ["--flag"]'].join('\n');
    expect(imageEntry(dockerfile)).toEqual({ env: { A: '1', B: 'two words' }, command: ['node', 'x.js', '--flag'] });
  });

  it('keeps a CMD given before ENTRYPOINT in the same stage, as Docker does', () => {
    expect(imageEntry('FROM a\nCMD ["arg"]\nENTRYPOINT ["run"]').command).toEqual(['run', 'arg']);
  });

  it('refuses the forms it does not read', () => {
    expect(() => imageEntry('FROM a\nENTRYPOINT node x.js')).toThrow(/only the exec form/);
    expect(() => imageEntry('FROM a\nENV A 1\nENTRYPOINT ["x"]')).toThrow(/only the KEY=value form/);
    expect(() => imageEntry('FROM a\nCMD ["x"]')).toThrow(/no ENTRYPOINT/);
  });
});
