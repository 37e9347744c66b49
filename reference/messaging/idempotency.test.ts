import { describe, expect, it } from 'vitest';
import { HttpError } from '../server/errors.js';
import type { Ctx, Reply } from '../server/types.js';
import { IdempotencyCache } from '../store/idempotency.js';
import { Store } from '../store/store.js';
import { defaultVariant } from '../variants.js';
import { idempotent } from './idempotency.js';

function context(key: string | undefined, body: string) {
  const store = new Store();
  const org = store.createOrg('idem');
  const apiKey = store.createApiKey(org, 'primary');
  const app = { fault: () => false, variant: defaultVariant, idempotency: new IdempotencyCache() };
  const make = (k: string | undefined, raw: string): Ctx =>
    ({
      app,
      org,
      path: '/v4/messages',
      rawBody: Buffer.from(raw),
      caller: { kind: 'apiKey', key: apiKey },
      header: (name: string) => (name === 'idempotency-key' ? k : undefined),
    }) as unknown as Ctx;
  return { ctx: make(key, body), make };
}

describe('idempotent', () => {
  it('runs the effect once for concurrent and later duplicates, and replays the first reply', async () => {
    const { make } = context('k1', '{"a":1}');
    let runs = 0;
    const effect = (): Reply => ({ status: 201, body: { id: `msg_${++runs}` } });
    const replies = await Promise.all([1, 2, 3].map(() => idempotent(make('k1', '{"a":1}'), 'POST /v4/messages', effect)));
    expect(runs).toBe(1);
    expect(replies.map((r) => r.body)).toEqual([{ id: 'msg_1' }, { id: 'msg_1' }, { id: 'msg_1' }]);
    expect(replies.filter((r) => r.headers?.['idempotent-replayed'] === 'true')).toHaveLength(2);
  });

  it('refuses the same key with another body (409), and lets a failed request be retried', async () => {
    const { make } = context('k2', '{"a":1}');
    const ok = (): Reply => ({ status: 201, body: {} });
    await idempotent(make('k2', '{"a":1}'), 'POST /v4/messages', ok);
    await expect(idempotent(make('k2', '{"a":2}'), 'POST /v4/messages', ok)).rejects.toMatchObject({ status: 409, code: 'idempotency_key_reused' });

    let attempts = 0;
    const flaky = (): Reply => {
      attempts++;
      if (attempts === 1) throw new HttpError({ status: 429, code: 'outbound_limit_reached', message: 'cap' });
      return { status: 201, body: { attempt: attempts } };
    };
    await expect(idempotent(make('k3', '{"b":1}'), 'POST /v4/messages', flaky)).rejects.toMatchObject({ status: 429 });
    expect((await idempotent(make('k3', '{"b":2}'), 'POST /v4/messages', flaky)).body).toEqual({ attempt: 2 });
  });

  it('without a key runs the effect every time', async () => {
    const { make } = context(undefined, '{}');
    let runs = 0;
    const effect = (): Reply => ({ status: 201, body: { n: ++runs } });
    await idempotent(make(undefined, '{}'), 'POST /v4/messages', effect);
    await idempotent(make(undefined, '{}'), 'POST /v4/messages', effect);
    expect(runs).toBe(2);
  });
});
