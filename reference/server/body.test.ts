// JSON bodies nested past the depth limit are refused with 400 json_too_deep before any handler sees them
// (a handler echoing such a value into an answer, or copying it, would fail with 500).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maxJsonDepth, parseBody } from './body.js';
import { startHarness, type Harness, type Org } from '../test-helpers.js';

const jsonHeaders = { 'content-type': 'application/json' };
const parse = (text: string) => parseBody(Buffer.from(text), jsonHeaders, { auth: 'none', version: 'v4' }).json;
const nested = (depth: number, open = '[', close = ']', inner = '') => `${open.repeat(depth)}${inner}${close.repeat(depth)}`;

describe('the depth limit', () => {
  it(`takes ${maxJsonDepth} levels and refuses one more`, () => {
    expect(parse(nested(maxJsonDepth))).toBeInstanceOf(Array);
    expect(() => parse(nested(maxJsonDepth + 1))).toThrow(expect.objectContaining({ status: 400, code: 'json_too_deep' }));
    const objects = `${'{"a":'.repeat(maxJsonDepth + 1)}1${'}'.repeat(maxJsonDepth + 1)}`;
    expect(() => parse(objects)).toThrow(expect.objectContaining({ code: 'json_too_deep' }));
  });

  it('counts brackets outside strings only (escaped quotes included)', () => {
    const text = JSON.stringify({ note: nested(500), quoted: `say \\"${nested(200, '{', '')}\\"`, tail: [[1]] });
    expect(parse(text)).toMatchObject({ tail: [[1]] });
    // A string ending in an escaped backslash closes at the next quote: what follows counts again.
    const after = JSON.stringify({ path: 'C:\\', more: JSON.parse(nested(maxJsonDepth)) as unknown });
    expect(() => parse(after)).toThrow(expect.objectContaining({ code: 'json_too_deep' }));
  });

  it('still answers malformed JSON with invalid_json, and unclosed deep nesting as too deep', () => {
    expect(() => parse(`{"a":${nested(10)}`)).toThrow(expect.objectContaining({ code: 'invalid_json' }));
    expect(() => parse(nested(5000, '[', ''))).toThrow(expect.objectContaining({ status: 400, code: 'json_too_deep' }));
  });
});

describe('deeply nested bodies over HTTP', () => {
  let h: Harness;
  let org: Org;
  const deep = nested(6000);

  beforeAll(async () => {
    h = await startHarness();
    org = await h.newOrg();
  });
  afterAll(() => h.close());

  const send = (method: string, path: string, raw: string, headers: Record<string, string> = {}) =>
    h.call(method, path, { token: org.primary, raw, headers: { ...jsonHeaders, ...headers } });

  it('a purchase with a nested plan or quantity answers 400 json_too_deep in the v4 shape', async () => {
    for (const body of [`{"plan":${deep}}`, `{"plan":"dedicated_com","quantity":${deep}}`]) {
      const answer = await send('POST', '/v4/channels/native/purchases', body, { 'idempotency-key': 'deep' });
      expect(answer.status).toBe(400);
      expect(answer.body.error).toMatchObject({ code: 'json_too_deep', details: { max_depth: maxJsonDepth } });
    }
  });

  it('a merge with a nested source_contact_id answers 400, and the server goes on', async () => {
    const survivor = (await h.call('POST', '/v4/contacts', { token: org.primary, body: { name: 'Deep' } })).body.data;
    const answer = await send('POST', `/v4/contacts/${survivor.id}/merge`, `{"source_contact_id":${deep}}`);
    expect([answer.status, answer.body.error.code]).toEqual([400, 'json_too_deep']);
    expect((await h.call('GET', `/v4/contacts/${survivor.id}`, { token: org.primary })).status).toBe(200);
  });

  it('answers in the flat shape on v2', async () => {
    const answer = await send('POST', '/v2/contacts', `{"identifier":${deep}}`);
    expect(answer.body).toMatchObject({ status: 400, code: 'json_too_deep' });
  });
});
