// The webhook receiver of one suite file: started on first use, closed after the file's checks. Where it
// listens and the address the implementation under test must post to come from the target configuration
// (`--webhook-listen host:port` and `--webhook-public-url`, or MCS_WEBHOOK_LISTEN / MCS_WEBHOOK_PUBLIC_URL,
// or `webhook_listen` / `webhook_public_url` in the config file); by default loopback on a free port.
// With a fixed port, the suite files that need a receiver take turns on it: a file waits (bounded) for the
// port while another file's receiver holds it, and each file closes its receiver after its checks.
import { randomUUID } from 'node:crypto';
import { afterAll } from 'vitest';
import { defaultTimeoutMs, type TargetConfig } from './config/types.js';
import { NotVerifiable } from './fixtures/not-verifiable.js';
import { receiverBounds } from './webhooks/bounds.js';
import { ByteBudget } from './webhooks/byte-budget.js';
import { parseListen } from './webhooks/listen.js';
import { startWebhookReceiver, type WebhookReceiver } from './webhooks/receiver.js';

const processBudget = new ByteBudget(receiverBounds.budgetBytes);

export { parseListen };

export interface WebhookListen {
  host: string;
  port: number;
  publicUrl?: string;
}

/** Where the receiver listens and how the target reaches it, from the target configuration. */
export function webhookListenOf(target: TargetConfig): WebhookListen {
  const { webhookListen: listen, webhookPublicUrl: publicUrl } = target;
  const address = listen === undefined || listen === '' ? { host: '127.0.0.1', port: 0 } : parseListen(listen);
  return publicUrl === undefined || publicUrl === '' ? address : { ...address, publicUrl };
}

/**
 * How long a check waits for a delivery: 3 s by default (a local target delivers in milliseconds), or the
 * run's --timeout when one was given, for targets that deliver through a slower path.
 */
export function deliveryTimeoutMs(target: TargetConfig): number {
  return target.timeoutMs === defaultTimeoutMs ? 3_000 : target.timeoutMs;
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

/** A fixed port held by another suite file's receiver is waited for this long (files take turns). */
const fixedPortWaitMs = 45_000;

async function start(listen: WebhookListen): Promise<WebhookReceiver> {
  const deadline = Date.now() + (listen.port === 0 ? 0 : fixedPortWaitMs);
  for (let delay = 50; ; delay = Math.min(delay * 2, 500)) {
    try {
      return await startWebhookReceiver({
        host: listen.host,
        port: listen.port,
        ...(listen.publicUrl ? { publicUrl: listen.publicUrl } : {}),
        maxBodyBytes: receiverBounds.maxBodyBytes,
        maxKeptBytes: receiverBounds.maxKeptBytes,
        budget: processBudget,
      });
    } catch (error) {
      const inUse = (error as { code?: string }).code === 'EADDRINUSE';
      if (inUse && Date.now() + delay < deadline) {
        await new Promise((resolve) => setTimeout(resolve, delay));
        continue;
      }
      const why = error instanceof Error ? error.message : String(error);
      throw new NotVerifiable(`the webhook receiver cannot listen on ${listen.host}:${listen.port} (${why})`);
    }
  }
}

/**
 * The target's replay endpoint, which the description does not give: a path under the v4 root with
 * `{webhookId}` and `{deliveryId}` (for example `/webhooks/{webhookId}/deliveries/{deliveryId}/replay`),
 * as the target setting `webhook_replay_path` names it (harness/target-settings.ts); undefined when it is
 * not named (replay checks are then not verifiable).
 */
export function replayPathTemplate(template: string | undefined): string | undefined {
  if (template === undefined) return undefined;
  if (!template.startsWith('/') || !template.includes('{webhookId}') || !template.includes('{deliveryId}')) {
    throw new NotVerifiable(`MCS_WEBHOOK_REPLAY_PATH must be a path with {webhookId} and {deliveryId}, got ${JSON.stringify(template)}`);
  }
  return template;
}

/** A fresh endpoint name, so each subscription's deliveries are told apart. */
export function freshEndpointName(prefix = 'mcs'): string {
  return `${prefix}-${randomUUID().slice(0, 12)}`;
}
