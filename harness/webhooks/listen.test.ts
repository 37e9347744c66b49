import { describe, expect, it } from 'vitest';
import { checkListenable, isLoopback, parseListen } from './listen.js';

describe('the listen address', () => {
  it('refuses what no machine has, before a run: a port over 65535, dotted digits that are no IPv4 address', () => {
    expect(() => parseListen('999.1.1.1:99999')).toThrow(/port 99999 is over 65535/);
    expect(() => parseListen('999.1.1.1:9999')).toThrow(/"999\.1\.1\.1" is no IPv4 address/);
    expect(() => parseListen('[not-v6]:80')).toThrow(/no IPv6 address/);
    expect(() => parseListen('bad_host!:80')).toThrow(/no IP address nor host name/);
    expect(parseListen('hooks.example.test:8080')).toEqual({ host: 'hooks.example.test', port: 8080 });
  });

  it('tells loopback from the rest', () => {
    for (const host of ['127.0.0.1', '127.1.2.3', '::1', '[::1]', 'localhost']) expect(isLoopback(host), host).toBe(true);
    for (const host of ['0.0.0.0', '::', '10.0.0.1', 'hooks.example.test']) expect(isLoopback(host), host).toBe(false);
  });

  it('binds and releases a free port; names why an address cannot be listened on', async () => {
    await expect(checkListenable({ host: '127.0.0.1', port: 0 })).resolves.toBeUndefined();
    await expect(checkListenable({ host: '192.0.2.1', port: 0 })).rejects.toThrow(/cannot listen on 192\.0\.2\.1:0: no interface of this machine has that address \(EADDRNOTAVAIL\)/);
  });
});
