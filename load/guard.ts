// The loopback guard: a load run is a denial of service to whoever receives it, so by default only
// this machine may be the target. Anything else needs an explicit --allow-remote.
import { errorCodes, McsError } from '../spec/errors.js';
import { isIP } from 'node:net';

export class RemoteTargetError extends McsError {
  override name = 'RemoteTargetError';
  override readonly code = errorCodes.remoteTarget;
}

/** True for localhost, 127.0.0.0/8, ::1 and IPv4-mapped 127.x addresses. Names other than localhost are not resolved. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (isIP(host) === 4) return host.split('.')[0] === '127';
  if (isIP(host) === 6) {
    if (host === '::1' || host === '0:0:0:0:0:0:0:1') return true;
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(host);
    if (mapped?.[1] !== undefined) return mapped[1].split('.')[0] === '127';
    const mappedHex = /^::ffff:([0-9a-f]{1,4}):[0-9a-f]{1,4}$/.exec(host);
    if (mappedHex?.[1] !== undefined) return parseInt(mappedHex[1], 16) >> 8 === 127;
  }
  return false;
}

/** Throws unless every URL points at loopback or remote targets were allowed. */
export function assertTargetsAllowed(urls: Array<string | undefined>, allowRemote: boolean): void {
  for (const raw of urls) {
    if (raw === undefined) continue;
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      throw new RemoteTargetError(`not a valid URL: ${raw}`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new RemoteTargetError(`unsupported protocol ${url.protocol} in ${url.origin}`);
    }
    if (!allowRemote && !isLoopbackHost(url.hostname)) {
      throw new RemoteTargetError(`refusing to load ${url.host}: not a loopback address (pass --allow-remote if you own it)`);
    }
  }
}
