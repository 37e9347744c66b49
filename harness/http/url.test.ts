import { describe, expect, it } from 'vitest';
import { maskUrl, registerUrlSecrets, SecretRegistry } from './mask.js';
import { joinUrl, requestRoot } from './url.js';

describe('configured URLs with a query and userinfo', () => {
  const configured = 'http://user:pw-secret@127.0.0.1:8080/base/?access_token=tok_X&region=eu';

  it('joins the version prefix and request paths to the path, before the query', () => {
    const root = requestRoot(configured, '/v4');
    expect(root).toBe('http://127.0.0.1:8080/base/v4?access_token=tok_X&region=eu');
    expect(joinUrl(root, '/contacts', '?limit=2')).toBe('http://127.0.0.1:8080/base/v4/contacts?access_token=tok_X&region=eu&limit=2');
    expect(joinUrl('http://h/v4', '/events?type=a', '')).toBe('http://h/v4/events?type=a');
    expect(requestRoot('http://h/v4/', '/v4')).toBe('http://h/v4');
  });

  it('masks userinfo and every query value where the URL is shown', () => {
    expect(maskUrl(configured)).toBe('http://***:***@127.0.0.1:8080/base/?access_token=***&region=***');
    expect(maskUrl('http://127.0.0.1:8080')).toBe('http://127.0.0.1:8080');
  });

  it('masks what the URL carries in any text once registered, short values too', () => {
    const registry = new SecretRegistry();
    registerUrlSecrets(configured, registry);
    const text = `GET http://127.0.0.1:8080/base/v4/me?access_token=tok_X&region=eu; curl 'http://user:pw-secret@127.0.0.1:8080/'`;
    const masked = registry.maskText(text);
    expect(masked).not.toContain('tok_X');
    expect(masked).not.toContain('pw-secret');
    expect(masked).toContain('access_token=***');
  });
});
