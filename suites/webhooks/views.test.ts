// Every view of a v2 webhook agrees (issue 39): a webhook registered through v2 with a type is listed by v2
// GET /webhooks, and read by v4 GET /webhooks/{webhookId} as its v2 record, with the URL and type it was
// registered with and alike in every other field they share (spec/fields/views.yaml Webhook).
import { check } from '../../harness/check/index.js';
import { useHooks } from '../_shared/webhooks.js';
import { webhookViewsAgree } from '../_shared/views.js';

const area = 'webhooks';
const hooksOf = useHooks();

// Faults: events.v2-list.type-all, events.v2-list.inactive.
check(
  {
    area,
    name: 'every-view-of-a-v2-webhook-agrees',
    title: 'a webhook registered through v2 as message, status or all reads alike, with that URL and type, in v2 GET /webhooks and v4 GET /webhooks/{webhookId}',
    clauses: ['views.webhooks.v2-list-agrees-with-record', 'webhooks.v4.get-v2-record'],
    needs: ['v2'],
    concurrent: true,
  },
  async (t) => {
    const fx = await t.fixtures();
    const hooks = await hooksOf(t);
    let listed = 0;
    for (const type of ['message', 'status', 'all']) {
      const sub = await hooks.subscribeV2(fx.v2(), type);
      const readings = await webhookViewsAgree(t, fx.v2(), { id: sub.id, url: sub.url, type, created: sub.created });
      if (readings.some((r) => r.view === 'v2-list-row' && r.object !== undefined)) listed++;
    }
    if (listed === 0) t.notVerifiable('v2 GET /webhooks holds no object naming the webhooks by their webhook_id (the list\'s shape is not shown)');
  },
);
