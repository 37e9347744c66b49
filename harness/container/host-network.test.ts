import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { engineEndpoint } from './engine.js';
import { defaultNetwork, loopbackPortIsFree } from './host-network.js';

describe('defaultNetwork', () => {
  it("is the host's network for a local engine on Linux, the bridge elsewhere", () => {
    expect(defaultNetwork(engineEndpoint({}), 'linux')).toBe('host');
    expect(defaultNetwork(engineEndpoint({}), 'darwin')).toBe('bridge');
    expect(defaultNetwork(engineEndpoint({ DOCKER_HOST: 'tcp://127.0.0.1:2375' }), 'linux')).toBe('bridge');
    expect(defaultNetwork(engineEndpoint({ DOCKER_HOST: 'ssh://user@docker.example' }), 'linux')).toBe('bridge');
  });
});

describe('loopbackPortIsFree', () => {
  it('tells a taken port from a free one', async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    expect(await loopbackPortIsFree(port)).toBe(false);
    await new Promise((resolve) => server.close(resolve));
    expect(await loopbackPortIsFree(port)).toBe(true);
  });
});
