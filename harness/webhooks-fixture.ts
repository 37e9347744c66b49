// The webhook receiver of one suite file: started on first use, closed after the file's checks. Where it
// listens and the address the implementation under test must post to come from the target configuration
// (`webhookListen` `host:port` and `webhookPublicUrl`, once the config carries them) or from the
// environment (MCS_WEBHOOK_LISTEN, MCS_WEBHOOK_PUBLIC_URL); by default loopback on a free port.
import { randomUUID } from 'node:crypto';
import { afterAll } from 'vitest';
import type { TargetConfig } from './config/types.js';
import { NotVerifiable } from './fixtures/not-verifiable.js';
import { startWebhookReceiver, type WebhookReceiver } from './webhooks/receiver.js';

export interface WebhookListen {
  host: string;
  port: number;
  publicUrl?: string;
}

/** `host:port` (IPv6 in brackets) or a bare port; throws a clear Error for anything else. */
export function parseListen(text: string): { host: string; port: number } {
  const match = /^(?:\[([^\]]+)\]|([^:]+)):(\d{1,5})$/.exec(text.trim()) ?? /^()()(\d{1,5})$/.exec(text.trim());
  const port = Number(match?.[3]);
  if (!match || !Number.isInteger(port) || port > 65_535) throw new Error(`webhook listen address must be host:port, got ${JSON.stringify(text)}`);
  return { host: match[1] || match[2] || '127.0.0.1', port };
}

/** Where the receiver listens, from the target (if the config has the fields) or the environment. */
export function webhookListenOf(target: TargetConfig, env: NodeJS.ProcessEnv = process.env): WebhookListen {
  const extra = target as TargetConfig & { webhookListen?: string; webhookPublicUrl?: string };
  const listen = extra.webhookListen ?? env.MCS_WEBHOOK_LISTEN;
  const publicUrl = extra.webhookPublicUrl ?? env.MCS_WEBHOOK_PUBLIC_URL;
  const address = listen === undefined || listen === '' ? { host: '127.0.0.1', port: 0 } : parseListen(listen);
  return publicUrl === undefined || publicUrl === '' ? address : { ...address, publicUrl };
}

/**
 * Registers the file's receiver: call at module level of a suite file. The returned function starts it
 * on first use (NotVerifiable when the listen address cannot be bound) and the file's afterAll closes it.
 */
export function useWebhookReceiver(): (target: TargetConfig) => Promise<WebhookReceiver> {
  let started: Promise<WebhookReceiver> | undefined;
  afterAll(async () => {
    const receiver = await started?.catch(() => undefined);
    await receiver?.close();
  });
  return (target) => {
    started ??= start(webhookListenOf(target));
    return started;
  };
}

async function start(listen: WebhookListen): Promise<WebhookReceiver> {
  try {
    return await startWebhookReceiver({ host: listen.host, port: listen.port, ...(listen.publicUrl ? { publicUrl: listen.publicUrl } : {}) });
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    throw new NotVerifiable(`the webhook receiver cannot listen on ${listen.host}:${listen.port} (${why})`);
  }
}

/** A fresh endpoint name, so each subscription's deliveries are told apart. */
export function freshEndpointName(prefix = 'mcs'): string {
  return `${prefix}-${randomUUID().slice(0, 12)}`;
}
