// Part of `npm test`: says what became of the container test, which runs apart (`npm run test:container`,
// test/container/vitest.config.ts) because it needs a Docker engine and minutes. Without an engine the
// skip carries the reason (the same one line `mcs certify --image` prints); with one, the note says
// where the full test runs. The line is printed too: vitest's default reporter does not show skip notes.
import { expect, it } from 'vitest';
import { dockerAvailable } from '../../harness/container/index.js';

it('container test (issue 8): certifies the reference image in a container via npm run test:container', async (ctx) => {
  const engine = await dockerAvailable();
  if (!engine.ok) expect(engine.reason).toMatch(/^no Docker engine reachable at [^\n]+$/);
  const note = engine.ok ? 'a Docker engine is reachable: the full container test runs via npm run test:container' : `container test skipped: ${engine.reason}`;
  console.info(note);
  ctx.skip(note);
});
