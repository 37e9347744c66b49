import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import type { TargetConfig } from './config/types.js';
import { isNotVerifiable } from './fixtures/not-verifiable.js';
import { deliveryTimeoutMs, parseListen, replayPathTemplate, useWebhookReceiver, webhookListenOf } from './webhooks-fixture.js';

const target = (extra: Partial<TargetConfig> = {}): TargetConfig => ({ baseUrl: 'http://x.test', v4Url: 'http://x.test/v4', timeoutMs: 10_000, fixtures: {}, ...extra });

describe('where the webhook receiver listens', () => {
  it('parses host:port, a bracketed IPv6 host and a bare port; refuses the rest', () => {
    expect(parseListen('0.0.0.0:9001')).toEqual({ host: '0.0.0.0', port: 9001 });
    expect(parseListen('[::1]:80')).toEqual({ host: '::1', port: 80 });
    expect(parseListen('9001')).toEqual({ host: '127.0.0.1', port: 9001 });
    for (const bad of ['host', 'host:', 'host:99999', ':']) expect(() => parseListen(bad), bad).toThrow(/host:port/);
  });

  it('defaults to loopback on a free port, and carries the public URL', () => {
    expect(webhookListenOf(target())).toEqual({ host: '127.0.0.1', port: 0 });
    expect(webhookListenOf(target({ webhookListen: '0.0.0.0:9001', webhookPublicUrl: 'https://t.test' }))).toEqual({ host: '0.0.0.0', port: 9001, publicUrl: 'https://t.test' });
  });

  it('waits 3 s for a delivery by default, the run timeout when one was given', () => {
    expect(deliveryTimeoutMs(target())).toBe(3_000);
    expect(deliveryTimeoutMs(target({ timeoutMs: 20_000 }))).toBe(20_000);
  });

  it('reads the replay path template only when it names both ids', () => {
    expect(replayPathTemplate(undefined)).toBeUndefined();
    expect(replayPathTemplate('/webhooks/{webhookId}/deliveries/{deliveryId}/replay')).toBe('/webhooks/{webhookId}/deliveries/{deliveryId}/replay');
    expect(() => replayPathTemplate('/webhooks/{webhookId}/replay')).toThrow(/deliveryId/);
  });
});

const receiverOf = useWebhookReceiver();
const unbindable = useWebhookReceiver();

describe('a fixed listen port', () => {
  it('is waited for while another receiver holds it, then used', async () => {
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    const port = (holder.address() as { port: number }).port;
    setTimeout(() => holder.close(), 300);
    const receiver = await receiverOf(target({ webhookListen: `127.0.0.1:${port}` }));
    expect(receiver.url).toBe(`http://127.0.0.1:${port}`);
    expect(receiver.endpoint('a')).toBe(`http://127.0.0.1:${port}/a`);
  });

  it('that cannot be bound makes the checks not verifiable', async () => {
    const error = await unbindable(target({ webhookListen: '192.0.2.1:1' })).catch((e: unknown) => e);
    expect(isNotVerifiable(error)).toBe(true);
  });
});
