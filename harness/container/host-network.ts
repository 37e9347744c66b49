// A container on the host's network (`--network host`): its service listens on this machine's loopback
// at the container port itself, and it reaches the suite's webhook receiver there too, which a container
// behind the engine's bridge cannot without an address off loopback.
import { createServer } from 'node:net';
import type { WaitStrategy } from 'testcontainers';
import type { EngineEndpoint } from './engine.js';

/**
 * The network a certification target runs on when the user names none: the host's where the engine runs
 * on this Linux machine (its loopback is ours, so webhooks reach the receiver), else the engine's bridge
 * (Docker Desktop's host network is a VM's, a remote engine's is another machine's). Pure.
 */
export function defaultNetwork(endpoint: EngineEndpoint, platform: NodeJS.Platform): 'host' | 'bridge' {
  return platform === 'linux' && endpoint.kind === 'socket' ? 'host' : 'bridge';
}

/**
 * Whether nothing listens on 127.0.0.1:port. On the host's network the readiness wait and the suites
 * reach whatever answers there: a port already taken would certify another server.
 */
export function loopbackPortIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen({ host: '127.0.0.1', port, exclusive: true }, () => probe.close(() => resolve(true)));
  });
}

/** testcontainers' wait strategies ask for the host port of the container port: on the host's network, the same. */
export class OnHostNetwork implements WaitStrategy {
  constructor(
    private readonly inner: WaitStrategy,
    private readonly port: number,
  ) {}

  async waitUntilReady(...[container, , startTime]: Parameters<WaitStrategy['waitUntilReady']>): Promise<void> {
    const { BoundPorts } = await import('testcontainers');
    const samePort = new BoundPorts();
    samePort.setBinding(this.port, this.port);
    await this.inner.waitUntilReady(container, samePort, startTime);
  }

  withStartupTimeout(ms: number): WaitStrategy {
    this.inner.withStartupTimeout(ms);
    return this;
  }

  isStartupTimeoutSet(): boolean {
    return this.inner.isStartupTimeoutSet();
  }

  getStartupTimeout(): number {
    return this.inner.getStartupTimeout();
  }
}
