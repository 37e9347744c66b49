// The line `mcs load` prints first, `workers: N (why)`, says the default in words, with one pair of brackets.
import { describe, expect, it } from 'vitest';
import { chooseWorkers, cores, remoteDefault } from './workers.js';

describe('the default number of workers, as mcs load says it', () => {
  it('a loopback target: one worker, as it shares the CPU with the server under test', () => {
    expect(chooseWorkers(undefined, 'http://127.0.0.1:4010/v4', false, 'send')).toEqual({
      workers: 1,
      why: "loopback target: it shares this machine's CPU; --workers N to override",
    });
  });

  it('a remote target: one fewer than the cores, at least one, said in words (never "2 cores - 1")', () => {
    const choice = chooseWorkers(undefined, 'https://sandbox.example.com/v4', false, 'send');
    expect(choice.workers).toBe(remoteDefault());
    expect(choice.workers).toBe(Math.max(1, cores() - 1));
    expect(choice.why).toBe(`remote target: one fewer than this machine's ${cores()} cores, at least one; --workers N to override`);
    expect(`workers: ${choice.workers} (${choice.why})`).toMatch(/^[^()]*\([^()]*\)$/);
  });
});
