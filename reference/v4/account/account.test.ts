// Account endpoints over HTTP: /me, numbers, contact card, avatar upload, call forwarding, location.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness, type Org } from '../../test-helpers.js';

let h: Harness;
let org: Org;

beforeAll(async () => {
  h = await startHarness();
  org = await h.newOrg();
});
afterAll(() => h.close());

const numberPath = (kind: string) => `/v4/me/numbers/${encodeURIComponent(org.channel(kind).address)}`;

async function upload(path: string, size: number, names: Record<string, string> = {}) {
  const form = new FormData();
  form.set('avatar', new Blob([Buffer.alloc(size, 1)], { type: 'image/png' }), 'a.png');
  for (const [k, v] of Object.entries(names)) form.set(k, v);
  const res = await fetch(`${h.ref.urls.base}${path}`, { method: 'POST', headers: { authorization: `Bearer ${org.primary}` }, body: form });
  return { status: res.status, body: await res.json() };
}

describe('me', () => {
  it('/me and /me/numbers answer {data}', async () => {
    expect((await h.call('GET', '/v4/me', { token: org.primary })).body.data).toBeTypeOf('object');
    const numbers = await h.call('GET', '/v4/me/numbers', { token: org.primary });
    expect(numbers.body.data.map((n: { phone_number: string }) => n.phone_number)).toEqual([org.channel('native-dedicated').address]);
  });
});

/** A multipart upload of `size` bytes sent in pieces with no Content-Length (chunked), as a streaming client does. */
async function uploadChunked(path: string, size: number) {
  const boundary = 'reference-test-boundary';
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="avatar"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const piece = Buffer.alloc(1024 * 1024, 1);
  let sent = 0;
  const stream = new ReadableStream({
    pull(controller) {
      if (sent === 0) controller.enqueue(head);
      if (sent >= size) {
        controller.enqueue(tail);
        controller.close();
        return;
      }
      const n = Math.min(piece.length, size - sent);
      controller.enqueue(piece.subarray(0, n));
      sent += n;
    },
  });
  const res = await fetch(`${h.ref.urls.base}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${org.primary}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    body: stream,
    duplex: 'half',
  } as RequestInit);
  return { status: res.status, body: await res.json() };
}

describe('contact card', () => {
  it('GET, PUT with validation, and 404 for an unknown number', async () => {
    expect((await h.call('GET', `${numberPath('native-dedicated')}/contact-card`, { token: org.primary })).body.data.first_name).toBe('Reference');
    const put = (body: unknown) => h.call('PUT', `${numberPath('native-shared')}/contact-card`, { token: org.primary, body });
    expect((await put({})).status).toBe(422);
    expect((await put({ sharing: { audience: 2 } })).status).toBe(422);
    expect((await put({ avatar: 'not a url' })).status).toBe(422);
    const ok = await put({ first_name: 'Ada', sharing: { enabled: true, audience: 1, name_format: 1 } });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ first_name: 'Ada', sharing: { enabled: true, audience: 1, name_format: 1 } });
    expect((await h.call('GET', '/v4/me/numbers/%2B19999999999/contact-card', { token: org.primary })).status).toBe(404);
  });

  it('PUT keeps only enabled, audience and name_format of sharing: unknown keys are ignored, not stored', async () => {
    const path = `${numberPath('native-dedicated-nocard')}/contact-card`;
    const sharing = { enabled: true, colour: 'red', nested: { deeper: { deepest: [1, 2] } } };
    const put = await h.call('PUT', path, { token: org.primary, body: { first_name: 'Ada', sharing } });
    expect(put.status).toBe(200);
    expect(put.body.data.sharing).toEqual({ enabled: true, audience: 0, name_format: 0 });
    const read = await h.call('GET', path, { token: org.primary });
    expect(read.body.data.sharing).toEqual({ enabled: true, audience: 0, name_format: 0 });
  });

  it('avatar upload: multipart with names, 400 without the file or above 10 MB', async () => {
    const ok = await upload(`${numberPath('native-inbound')}/contact-card/avatar`, 1024, { first_name: 'Grace', last_name: 'H' });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ first_name: 'Grace', last_name: 'H', avatar: expect.any(String) });
    expect((await upload(`${numberPath('native-inbound')}/contact-card/avatar`, 10 * 1024 * 1024 + 1)).status).toBe(400);
    const json = await h.call('POST', `${numberPath('native-inbound')}/contact-card/avatar`, { token: org.primary, body: { avatar: 'x' } });
    expect(json.status).toBe(415);
    const form = new FormData();
    form.set('first_name', 'x');
    const res = await fetch(`${h.ref.urls.base}${numberPath('native-inbound')}/contact-card/avatar`, {
      method: 'POST', headers: { authorization: `Bearer ${org.primary}` }, body: form,
    });
    expect(res.status).toBe(400);
  });

  // The endpoint lists 400 and 401 only: a photo past the body limit is still "too large", not 413.
  it('an upload past the body limit answers 400 avatar_too_large, announced by Content-Length or not', async () => {
    const path = `${numberPath('native-inbound')}/contact-card/avatar`;
    const declared = await upload(path, 12 * 1024 * 1024);
    expect([declared.status, declared.body.error.code]).toEqual([400, 'avatar_too_large']);
    const streamed = await uploadChunked(path, 12 * 1024 * 1024);
    expect([streamed.status, streamed.body.error.code]).toEqual([400, 'avatar_too_large']);
    // The server goes on reading requests on the same footing.
    expect((await upload(path, 1024)).status).toBe(200);
  });
});

describe('call forwarding', () => {
  it('accepts a US number from an owned dedicated line', async () => {
    const ok = await h.call('POST', `${numberPath('native-dedicated')}/call-forwarding`, { token: org.primary, body: { forward_to: '+14155550123' } });
    expect(ok.status).toBe(200);
    expect(ok.body.data.forward_to).toBe('+14155550123');
  });

  it('rejects non-US or malformed forward_to (422) and shared or foreign sources (403)', async () => {
    for (const forward_to of ['+14155550', '+11155550123', '+442071234567', 4155550123]) {
      expect((await h.call('POST', `${numberPath('native-dedicated')}/call-forwarding`, { token: org.primary, body: { forward_to } })).status).toBe(422);
    }
    const o = await h.newOrg();
    const shared = o.channel('native-shared');
    await h.call('PUT', `/v4/api-keys/${encodeURIComponent(o.secondary)}/channels/${shared.id}`, { token: o.admin });
    expect((await h.call('POST', `/v4/me/numbers/${encodeURIComponent(shared.address)}/call-forwarding`, { token: o.secondary, body: { forward_to: '+14155550123' } })).status).toBe(403);
    const foreign = o.channel('native-dedicated');
    expect((await h.call('POST', `/v4/me/numbers/${encodeURIComponent(foreign.address)}/call-forwarding`, { token: o.secondary, body: { forward_to: '+14155550123' } })).status).toBe(403);
  });
});

describe('location', () => {
  it('lists seeded friends, refreshes by GET and POST, finds by URL-encoded handle', async () => {
    await h.control('POST', `/organizations/${org.id}/location-contacts`, { handle: '+14155550999', name: 'Friend' });
    const list = await h.call('GET', '/v4/location/contacts', { token: org.primary });
    expect(list.body.data).toHaveLength(1);
    for (const method of ['GET', 'POST']) expect((await h.call(method, '/v4/location/contacts/refresh', { token: org.primary })).status).toBe(200);
    expect((await h.call('GET', '/v4/location/contacts/%2B14155550999', { token: org.primary })).body.data.name).toBe('Friend');
    expect((await h.call('GET', '/v4/location/contacts/nobody%40example.com', { token: org.primary })).status).toBe(404);
    expect((await h.call('GET', '/v4/location/contacts')).status).toBe(401);
  });
});
