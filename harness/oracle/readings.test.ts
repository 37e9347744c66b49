// The answer oracle takes every place spec/readings.ts accepts for an object, as the checks do: an answer with the
// object in any of them is judged (never refused for its place), and a contradiction says where it was found.
import { describe, expect, it } from 'vitest';
import { wrappings, type WrappingName } from '../../spec/readings.js';
import { judgeAnswer, type AnswerSeen } from './answers.js';

/** `object` put at the dotted path `at` of a body (`''`: the body itself). */
function placed(object: Record<string, unknown>, at: string): unknown {
  return at === '' ? object : at.split('.').reverse().reduce<unknown>((inner, key) => ({ [key]: inner }), object);
}

const v2Hook = { webhook_id: 'wh_readings1', webhook_url: 'https://example.com/hook', webhook_type: 'message' };

/** For each wrapping: the request, the object its answer carries, and a field of it that contradicts the request. */
const cases: Record<WrappingName, { seen: Omit<AnswerSeen, 'body' | 'arrivedAt'>; object: Record<string, unknown>; wrong: Record<string, unknown>; before?: AnswerSeen }> = {
  'v2-record-on-v4': {
    before: { api: 'v2', method: 'POST', path: '/webhooks', status: 200, body: { ...v2Hook, signing_secret: 's' }, request: { json: { webhook_url: v2Hook.webhook_url, webhook_type: 'message' } }, arrivedAt: Date.now() },
    seen: { api: 'v4', method: 'GET', path: `/webhooks/${v2Hook.webhook_id}`, status: 200 },
    object: { ...v2Hook },
    wrong: { ...v2Hook, webhook_url: 'https://example.com/other' },
  },
  'settings-patch': {
    seen: { api: 'v4', method: 'PATCH', path: '/channels/ch_readings/settings', status: 200, request: { json: { auto_mark_read: true } } },
    object: { auto_mark_read: true, auto_share_contact: false },
    wrong: { auto_mark_read: false, auto_share_contact: false },
  },
  'v4-webhook-created': {
    seen: { api: 'v4', method: 'POST', path: '/webhooks', status: 201, request: { json: { url: 'https://example.com/v4' } } },
    object: { url: 'https://example.com/v4', signing_secret: 's' },
    wrong: { url: 'https://example.com/elsewhere', signing_secret: 's' },
  },
  'v2-webhook-created': {
    seen: { api: 'v2', method: 'POST', path: '/webhooks', status: 200, request: { json: { webhook_url: 'https://example.com/v2', webhook_type: 'all' } } },
    object: { webhook_id: 'wh_readings2', webhook_url: 'https://example.com/v2', webhook_type: 'all', signing_secret: 's' },
    wrong: { webhook_id: 'wh_readings2', webhook_url: 'https://example.com/v2', webhook_type: 'message', signing_secret: 's' },
  },
};

describe('the answer oracle and the accepted places of an object', () => {
  for (const [name, wrapping] of Object.entries(wrappings) as [WrappingName, (typeof wrappings)[WrappingName]][]) {
    const { seen, object, wrong, before } = cases[name];
    for (const place of wrapping.places) {
      it(`${name}: judges the object ${place.where} and says so when it contradicts the request`, () => {
        if (before !== undefined) judgeAnswer(before);
        const right = judgeAnswer({ ...seen, body: placed(object, place.at), arrivedAt: Date.now() });
        expect(right.findings).toEqual([]);
        expect(right.judged).toBeGreaterThan(0);
        const contradicted = judgeAnswer({ ...seen, body: placed(wrong, place.at), arrivedAt: Date.now() });
        expect(contradicted.findings.length).toBeGreaterThan(0);
        if (wrapping.places.length > 1) expect(contradicted.object).toContain(`found ${place.where}`);
      });
    }
  }

  it("judges `deleted` by what its name states: present and not false, whatever its type", () => {
    const seen = (deleted: unknown): AnswerSeen => ({ api: 'v4', method: 'DELETE', path: '/contacts/ct_readings', status: 200, body: { data: deleted === undefined ? { id: 'ct_readings' } : { id: 'ct_readings', deleted } }, arrivedAt: Date.now() });
    for (const deleted of [true, Date.now(), '2024-01-01T00:00:00Z']) expect(judgeAnswer(seen(deleted)).findings, String(deleted)).toEqual([]);
    for (const deleted of [false, null, undefined]) expect(judgeAnswer(seen(deleted)).findings.map((c) => c.field), String(deleted)).toEqual(['deleted']);
  });
});
