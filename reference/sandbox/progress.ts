// A sandbox that moves on by itself, as a vendor's does where a carrier and a payment provider answer: each
// outbound message goes sent, then delivered (groups have no delivery receipt), except for its test recipients
// (sandboxRecipients), and each purchase in provisioning completes (fails where the organization's card fails
// after acceptance: payment_method fails_after_acceptance). The control API plays those parties on demand
// instead; this is for the reference as a vendor target without one (startReference({ sandbox: true })), where
// checks wait for what the target does on its own. Transitions are not shown in the description, so any such
// progress is a reading it allows.
import type { App } from '../server/app.js';
import { driveMessageStatus } from '../messaging/simulate.js';
import { messagingState } from '../messaging/state.js';
import { completePurchase, failPurchase } from '../store/purchases.js';
import type { Org } from '../store/types.js';

/** How often the sandbox's carrier and payment provider act. */
const tickMs = 50;

/**
 * Test recipients, as a vendor's sandbox has magic numbers: the carrier fails every message to `failing` with
 * the code its documentation would state, and the device of `reading` reads every message it gets (1:1 or in a
 * group). Whether a read is reported is the chat's (1:1 iMessage with read receipts, section 3), as for a read
 * the control API drives.
 */
export const sandboxRecipients = { failing: '+15005550001', reading: '+15005550002', failing_error_code: 'unreachable' } as const;

/** Starts the sandbox's progress; the function it answers stops it. */
export function startSandboxProgress(app: App): () => void {
  /** Per organization, how many of its messages the carrier has looked at (they are filed in order). */
  const looked = new WeakMap<Org, number>();
  let sentLastTick: Array<{ org: Org; id: string }> = [];
  const tick = () => {
    const delivering = sentLastTick;
    sentLastTick = [];
    for (const { org, id } of delivering) {
      const message = messagingState(org).messages.get(id);
      if (message?.status !== 'sent') continue;
      driveMessageStatus(app, org, id, { status: 'delivered' });
      // A group message is never delivered (no receipt), but its members' devices still get it.
      if (message.to.includes(sandboxRecipients.reading)) driveMessageStatus(app, org, id, { status: 'read' });
    }
    for (const org of app.store.orgs.values()) {
      const messages = messagingState(org).messages.all();
      for (let i = looked.get(org) ?? 0; i < messages.length; i++) {
        const message = messages[i];
        if (message?.direction !== 'outbound' || message.status !== 'queued') continue;
        if (message.to.length === 1 && message.to[0] === sandboxRecipients.failing) {
          driveMessageStatus(app, org, message.id, { status: 'failed', error_code: sandboxRecipients.failing_error_code, error_message: "The sandbox's test recipient cannot be reached" });
          continue;
        }
        driveMessageStatus(app, org, message.id, { status: 'sent' });
        sentLastTick.push({ org, id: message.id });
      }
      looked.set(org, messages.length);
      const emit = !app.fault('numbers.purchase.outcome-not-emitted');
      const settle = org.plan.payment_method === 'fails_after_acceptance' ? failPurchase : completePurchase;
      for (const purchase of org.purchases.values()) {
        if (purchase.status === 'provisioning') settle(org, app.bus, purchase, emit);
      }
    }
  };
  const timer = setInterval(() => {
    try {
      tick();
    } catch (error) {
      app.log(`reference: the sandbox's progress failed: ${String(error)}`);
    }
  }, tickMs);
  timer.unref();
  return () => clearInterval(timer);
}
