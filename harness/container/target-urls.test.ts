import { describe, expect, it } from 'vitest';
import { hostForUrls, isLoopbackHost, normalizeBasePath, targetUrls } from './target-urls.js';

describe('normalizeBasePath', () => {
  it.each([
    [undefined, ''],
    ['', ''],
    ['/', ''],
    ['api', '/api'],
    ['/api/', '/api'],
    ['//api/mcs//', '/api/mcs'],
  ])('%s -> %s', (input, expected) => expect(normalizeBasePath(input)).toBe(expected));

  it('refuses what is not a path prefix', () => {
    expect(() => normalizeBasePath('http://x/api')).toThrow(/URL path/);
    expect(() => normalizeBasePath('/api?x=1')).toThrow(/URL path/);
  });
});

describe('targetUrls', () => {
  it('puts the three APIs under the base path on loopback', () => {
    expect(targetUrls('localhost', 32768, '/mcs')).toEqual({
      base: 'http://127.0.0.1:32768/mcs',
      v4: 'http://127.0.0.1:32768/mcs/v4',
      v2: 'http://127.0.0.1:32768/mcs/v2',
      control: 'http://127.0.0.1:32768/mcs/__control',
    });
  });

  it('keeps a remote engine host and brackets IPv6 addresses', () => {
    expect(targetUrls('docker.example', 1, '').v4).toBe('http://docker.example:1/v4');
    expect(hostForUrls('::1')).toBe('[::1]');
  });

  it('knows loopback hosts', () => {
    expect(['localhost', '127.0.0.1', '::1'].every(isLoopbackHost)).toBe(true);
    expect(isLoopbackHost('docker.example')).toBe(false);
  });
});
