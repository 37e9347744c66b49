// Where the webhook receiver listens (`--webhook-listen host:port`): read, checked before a run starts, and
// told apart as loopback (the default, reachable from this machine only) or not (reachable from the network,
// allowed only when named, and warned about by certify).
import { createServer } from 'node:net';
import { isIP } from 'node:net';

export interface ListenAddress {
  host: string;
  port: number;
}

/** `host:port` (IPv6 in brackets) or a bare port; throws a clear Error for anything else. */
export function parseListen(text: string): ListenAddress {
  const match = /^(?:\[([^\]]+)\]|([^:]+)):(\d{1,5})$/.exec(text.trim()) ?? /^()()(\d{1,5})$/.exec(text.trim());
  const port = Number(match?.[3]);
  if (!match || !Number.isInteger(port)) throw new Error(`webhook listen address must be host:port, got ${JSON.stringify(text)}`);
  if (port > 65_535) throw new Error(`webhook listen address must be host:port, got ${JSON.stringify(text)}: port ${port} is over 65535`);
  const host = match[1] || match[2] || '127.0.0.1';
  if (match[1] !== undefined && match[1] !== '' && isIP(host) !== 6) throw new Error(`webhook listen address: ${JSON.stringify(host)} in brackets is no IPv6 address`);
  // Dotted digits are an IPv4 address or nothing (999.1.1.1 is no host name either).
  if (/^[\d.]+$/.test(host) && isIP(host) !== 4) throw new Error(`webhook listen address: ${JSON.stringify(host)} is no IPv4 address`);
  if (isIP(host) === 0 && !/^[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)*$/.test(host)) {
    throw new Error(`webhook listen address: ${JSON.stringify(host)} is no IP address nor host name`);
  }
  return { host, port };
}

/** Reachable from this machine only: 127.0.0.0/8, ::1, localhost. */
export function isLoopback(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  return bare === 'localhost' || bare === '::1' || /^127\.\d+\.\d+\.\d+$/.test(bare) || /^::ffff:127\./.test(bare);
}

/**
 * Whether the receiver could listen there: a server is bound and closed at once. Resolves, or rejects with the
 * reason in words (the address is not this machine's, the port is taken or needs privileges...).
 */
export async function checkListenable({ host, port }: ListenAddress): Promise<void> {
  const server = createServer();
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => resolve());
    });
  } catch (error) {
    const code = (error as { code?: string }).code;
    const why: Record<string, string> = {
      EADDRNOTAVAIL: 'no interface of this machine has that address',
      EADDRINUSE: 'the port is in use',
      EACCES: 'the port needs privileges',
      ENOTFOUND: 'the host name does not resolve',
      EAI_AGAIN: 'the host name does not resolve',
    };
    throw new Error(`cannot listen on ${host.includes(':') ? `[${host}]` : host}:${port}: ${(code && why[code]) ?? (error instanceof Error ? error.message : String(error))}${code ? ` (${code})` : ''}`);
  } finally {
    await new Promise<void>((resolve) => (server.listening ? server.close(() => resolve()) : resolve()));
  }
}
