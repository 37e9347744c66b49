import { describe, expect, it } from 'vitest';
import { assertTargetsAllowed, isLoopbackHost, RemoteTargetError } from './guard.js';

describe('loopback guard', () => {
  it.each(['localhost', 'api.localhost', '127.0.0.1', '127.1.2.3', '127.255.255.254', '::1', '[::1]', '::ffff:127.0.0.1', 'LOCALHOST'])('%s is loopback', (host) => {
    expect(isLoopbackHost(host)).toBe(true);
  });

  it.each(['example.com', '10.0.0.1', '192.168.1.10', '128.0.0.1', '0.0.0.0', '::', '::2', '::ffff:10.0.0.1', 'localhost.example.com', '127.0.0.1.nip.io'])('%s is not loopback', (host) => {
    expect(isLoopbackHost(host)).toBe(false);
  });

  it('refuses a remote target unless --allow-remote, naming the host and the flag', () => {
    expect(() => assertTargetsAllowed(['http://127.0.0.1:4010/v4', 'https://api.example.com/v4'], false)).toThrow(RemoteTargetError);
    expect(() => assertTargetsAllowed(['https://api.example.com/v4'], false)).toThrow(/api\.example\.com.*--allow-remote/);
    expect(() => assertTargetsAllowed(['https://api.example.com/v4'], true)).not.toThrow();
  });

  it('accepts loopback URLs (IPv6 in brackets too) and skips absent ones', () => {
    expect(() => assertTargetsAllowed(['http://localhost:1/v4', 'http://[::1]:8080/', undefined], false)).not.toThrow();
  });

  it('rejects URLs that are malformed or not http(s), even with --allow-remote', () => {
    expect(() => assertTargetsAllowed(['not a url'], true)).toThrow(/not a valid URL/);
    expect(() => assertTargetsAllowed(['ftp://127.0.0.1/'], true)).toThrow(/protocol/);
  });
});
