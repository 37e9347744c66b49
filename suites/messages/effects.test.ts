// Every write's effect is observed (issue 39 item 2), for a send: what goes out is what was sent, as the
// message.sent reports of the message carry it ("`text` (text variant), `attachments` (attachment variant)"),
// not only what the send's answer echoes. A send with text and two attachments: its reports (one carrying both,
// or one of each variant) carry that text and two attachment URLs (a service may re-host them: their number is
// judged, spec/AMBIGUITIES.md oracle 8).
import { check, CheckFailure } from '../../harness/check/index.js';
import type { Delivery } from '../../harness/webhooks/receiver.js';
import { isAccepted, isRecord, messageIdOf, shown } from '../_shared/common.js';
import { drive } from '../_shared/events.js';
import { keysLine, postSend } from '../_shared/messaging.js';
import { uniquePhone, uniqueToken } from '../_shared/values.js';
import { bodyOf, graceMs, useHooks } from '../_shared/webhooks.js';

const area = 'messages';
const hooksOf = useHooks();

/** A flat body's field, at the top level or in `data`. */
function fieldOf(delivery: Delivery, field: string): unknown {
  const body = bodyOf(delivery);
  return body[field] ?? (isRecord(body.data) ? body.data[field] : undefined);
}

// Fault: messaging.send.attachments-dropped-with-text.
check(
  {
    area,
    name: 'send-content-goes-out',
    title: 'a send with text and two attachments goes out with both: its message.sent reports carry the text and two attachment URLs',
    clauses: ['messages.send.request', 'events.message-sent.shape'],
    needs: ['v2', 'owned-line'],
    timeoutMs: 120_000,
  },
  async (t) => {
    const fx = await t.fixtures();
    const hooks = await hooksOf(t);
    // message.sent reaches v2 subscriptions of type message (section 6); its flat body is the one shown.
    const sub = await hooks.subscribeV2(fx.v2(), 'message');
    const text = `with two attachments ${uniqueToken(6)}`;
    const attachments = ['https://example.com/mcs-first.png', 'https://example.com/mcs-second.jpg'];
    const response = await postSend(fx.v4(), '/messages', { to: uniquePhone(), text, attachments, from: keysLine(t, fx).address });
    if (response.status === 422) t.notVerifiable('the target refused the attachment form (URL strings); the v4 attachment item shape is not shown');
    if (!isAccepted(response)) throw new CheckFailure('the send with text and attachments was not accepted', 'an accepted send (200, 201 or 202)', shown(response));
    const messageId = messageIdOf(response.body) ?? t.notVerifiable('the send answer names no message id, so its reports cannot be told apart');
    const driven = fx.controlOffers('driveMessageStatus');
    if (driven) await drive(fx, messageId, 'sent');
    const ours = (d: Delivery) => fieldOf(d, 'message_id') === messageId;
    await hooks.waitForEvent(sub, 'message.sent', ours, { judge: false }).catch((error: unknown) => {
      // Left to the target's own carrier, a report that never comes was not made: not verifiable.
      if (!driven && error instanceof CheckFailure) t.notVerifiable(`the target reported no message.sent of the send within ${hooks.timeoutMs} ms, and the control API does not drive statuses (driveMessageStatus)`);
      throw error;
    });
    // The attachment variant may be a report of its own, a moment after the text's.
    await new Promise((resolve) => setTimeout(resolve, graceMs));
    const reports = hooks.deliveriesTo(sub, 'message.sent').filter(ours);
    const texts = reports.map((d) => fieldOf(d, 'text')).filter((value) => value !== undefined && value !== null);
    const urls = new Set(reports.flatMap((d) => {
      const value = fieldOf(d, 'attachments');
      return Array.isArray(value) ? value.map((item) => JSON.stringify(item)) : [];
    }));
    t.expect.that(texts, 'the text the message.sent reports of the send carry').toContain(text);
    t.expect.that(urls.size, `attachment URLs the message.sent reports of the send carry (two were sent): ${[...urls].join(', ') || 'none'}`).toBe(attachments.length);
  },
);
