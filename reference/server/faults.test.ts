// The detectors behind the shared handling's fault switches: they fire on what the fault names and only there.
import { describe, expect, it } from 'vitest';
import { hasAstralText, hasWrongTypedField } from './faults.js';

describe('hasWrongTypedField (server.500-on-wrong-type)', () => {
  it('fires on a field of a type its request schema does not allow', async () => {
    expect(await hasWrongTypedField('v4', 'POST', '/v4/contacts', { name: 7 })).toBe(true);
    expect(await hasWrongTypedField('v4', 'PATCH', '/v4/channels/ch_abc/settings', { auto_mark_read: 'yes' })).toBe(true);
    expect(await hasWrongTypedField('v2', 'POST', '/v2/groups', { name: 'g', members: [7] })).toBe(true);
  });

  it('stays quiet on well-typed bodies, non-object bodies, other rule breaks and routes without a body schema', async () => {
    expect(await hasWrongTypedField('v4', 'POST', '/v4/contacts', { name: 'Ada' })).toBe(false);
    expect(await hasWrongTypedField('v4', 'POST', '/v4/contacts', [1, 2])).toBe(false);
    expect(await hasWrongTypedField('v4', 'POST', '/v4/channels/native/purchases', { plan: 'dedicated' })).toBe(false);
    expect(await hasWrongTypedField('v4', 'GET', '/v4/me', { name: 7 })).toBe(false);
    expect(await hasWrongTypedField('control', 'POST', '/__control/organizations', { name: 7 })).toBe(false);
  });
});

describe('hasAstralText (server.500-on-astral-text)', () => {
  it('fires on a character beyond the BMP in the body or a query value, not on other text', () => {
    expect(hasAstralText(Buffer.from('{"text":"hi 😀"}'), '')).toBe(true);
    expect(hasAstralText(Buffer.alloc(0), `q=${encodeURIComponent('🎉')}`)).toBe(true);
    expect(hasAstralText(Buffer.from('{"text":"é 中 ß"}'), 'q=%C3%A9')).toBe(false);
  });
});
