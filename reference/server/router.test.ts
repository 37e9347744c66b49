import { describe, expect, it } from 'vitest';
import { Router } from './router.js';

function router() {
  const r = new Router<string>();
  r.add('GET', '/v4/channels', 'list');
  r.add('GET', '/v4/channels/:channel', 'get');
  r.add('DELETE', '/v4/channels/:channel', 'delete');
  r.add('GET', '/v4/channels/native/available', 'available');
  r.add('GET', '/v4/channels/native/purchases/:purchaseId', 'purchase');
  r.add('POST', '/v4/channels/:channel/messages', 'send');
  r.add('GET', '/__control', 'info');
  return r;
}

describe('Router', () => {
  it('prefers static segments and backtracks to parameters', () => {
    const r = router();
    expect(r.lookup('GET', '/v4/channels/native/available')).toMatchObject({ kind: 'found', match: { route: 'available' } });
    expect(r.lookup('GET', '/v4/channels/native')).toMatchObject({ kind: 'found', match: { route: 'get', params: { channel: 'native' } } });
    expect(r.lookup('POST', '/v4/channels/native/messages')).toMatchObject({ kind: 'found', match: { route: 'send', params: { channel: 'native' } } });
  });

  it('decodes parameters after splitting, so %2B and %2F stay inside their segment', () => {
    expect(router().lookup('GET', '/v4/channels/%2B15551234567')).toMatchObject({ match: { params: { channel: '+15551234567' } } });
    expect(router().lookup('GET', '/v4/channels/a%2Fb')).toMatchObject({ match: { params: { channel: 'a/b' } } });
  });

  it('tells an unknown path from a wrong method', () => {
    const r = router();
    expect(r.lookup('GET', '/v4/nothing')).toEqual({ kind: 'none' });
    expect(r.lookup('PUT', '/v4/channels/x')).toEqual({ kind: 'method', allowed: ['GET', 'DELETE'] });
    expect(r.lookup('DELETE', '/v4/channels')).toEqual({ kind: 'method', allowed: ['GET'] });
  });

  it('answers HEAD on a route without parameters from its GET', () => {
    expect(router().lookup('HEAD', '/v4/channels')).toMatchObject({ kind: 'found', match: { route: 'list', params: {} } });
  });

  it('ignores a trailing slash and refuses empty parameters', () => {
    const r = router();
    expect(r.lookup('GET', '/__control/')).toMatchObject({ kind: 'found', match: { route: 'info' } });
    expect(r.lookup('POST', '/v4/channels//messages')).toEqual({ kind: 'none' });
  });

  it('refuses clashing parameter names and duplicate routes', () => {
    const r = router();
    expect(() => r.add('GET', '/v4/channels/:id/x', 'clash')).toThrow(/clashes/);
    expect(() => r.add('GET', '/v4/channels', 'again')).toThrow(/twice/);
  });
});
