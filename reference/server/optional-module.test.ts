import { describe, expect, it } from 'vitest';
import { importOptional } from './optional-module.js';

describe('importOptional', () => {
  it('gives undefined for a module that does not exist', async () => {
    expect(await importOptional('no-such-folder/no-such-module.js')).toBeUndefined();
  });

  it('loads a module that exists', async () => {
    const module = await importOptional<{ newId?: unknown }>('store/ids.js');
    expect(module?.newId).toBeTypeOf('function');
  });
});
