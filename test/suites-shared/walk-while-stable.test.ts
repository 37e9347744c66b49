// walkWhileStable judges a walk only against a data set that held still while it ran (a vendor's shared
// organization changes under a check), and says so when the set never held still.
import { describe, expect, it } from 'vitest';
import { NotVerifiable } from '../../harness/check/index.js';
import { walkWhileStable } from '../../suites/_shared/pages.js';

describe('walkWhileStable', () => {
  it('returns the walk with the set listed around it when nothing changed', async () => {
    const result = await walkWhileStable(async () => ['a', 'b'], async () => ['b', 'a', 'a'], 'GET /things');
    expect(result).toEqual({ seen: ['b', 'a', 'a'], set: ['a', 'b'] });
  });

  it('walks again when the set changed meanwhile, and judges the walk that ran over a still set', async () => {
    const listings = [['a'], ['a', 'b'], ['a', 'b'], ['a', 'b']];
    let walks = 0;
    const result = await walkWhileStable(async () => listings.shift() ?? [], async (listed) => (++walks === 2 ? ['b', 'a'] : listed), 'GET /things');
    expect(result).toEqual({ seen: ['b', 'a'], set: ['a', 'b'] });
    expect(walks).toBe(2);
  });

  it('walks again when the walk met an item neither listing holds (made and removed meanwhile)', async () => {
    let walks = 0;
    const result = await walkWhileStable(async () => ['a', 'b'], async () => (++walks === 1 ? ['a', 'gone', 'b'] : ['a', 'b']), 'GET /things');
    expect(result).toEqual({ seen: ['a', 'b'], set: ['a', 'b'] });
    expect(walks).toBe(2);
  });

  it('judges, on its last attempt, a walk that meets an item no listing holds every time', async () => {
    let walks = 0;
    const result = await walkWhileStable(async () => ['a'], async () => (walks++, ['a', 'foreign']), 'GET /things', 2);
    expect(result).toEqual({ seen: ['a', 'foreign'], set: ['a'] });
    expect(walks).toBe(2);
  });

  it('walks again when a walk failed on a set that grew under it, and still fails a walk over a still set', async () => {
    const listings = [['a'], ['a', 'b'], ['a', 'b'], ['a', 'b']];
    let walks = 0;
    const failing = async (listed: string[]) => {
      walks++;
      if (walks === 1) throw new Error(`still has_more after ${listed.length} pages`);
      return listed;
    };
    expect(await walkWhileStable(async () => listings.shift() ?? [], failing, 'GET /things')).toEqual({ seen: ['a', 'b'], set: ['a', 'b'] });
    await expect(walkWhileStable(async () => ['a'], async () => Promise.reject(new Error('a broken page')), 'GET /things')).rejects.toThrow('a broken page');
  });

  it('counts items that read alike (masked rows): one fewer of them is a change', async () => {
    const listings = [['(212) XXX', '(212) XXX'], ['(212) XXX'], ['(212) XXX'], ['(212) XXX']];
    let walks = 0;
    const result = await walkWhileStable(async () => listings.shift() ?? [], async (listed) => (walks++, listed), 'GET /available');
    expect(result).toEqual({ seen: ['(212) XXX'], set: ['(212) XXX'] });
    expect(walks).toBe(2);
  });

  it('is not verifiable when the set changed during every walk', async () => {
    let size = 0;
    const growing = async () => Array.from({ length: ++size }, (_, i) => String(i));
    await expect(walkWhileStable(growing, async () => [], 'GET /things', 3)).rejects.toBeInstanceOf(NotVerifiable);
    await expect(walkWhileStable(growing, async () => [], 'GET /things', 3)).rejects.toThrow(/changed during each of 3 walks/);
  });
});
