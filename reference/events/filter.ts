// Which v2 subscriptions receive which events (description section 6): message events go to `message` or
// `all`; poll events to `poll` or `all`; typing, group and contact events to `all` only. The description
// does not say what a `status` subscription receives; here it gets the message status events (sent,
// delivered, failed, read). `contact.merged` is a contact event, so it reaches `all` (its flat body:
// contact-merged.ts). Whether the number.* events reach v2 subscriptions is not said: here they reach none
// (the v2 event table has no body for them).
import type { WebhookType } from './types.js';

const routes: Readonly<Record<string, readonly WebhookType[]>> = {
  'message.received': ['message', 'all'],
  'message.sent': ['message', 'status', 'all'],
  'message.delivered': ['message', 'status', 'all'],
  'message.failed': ['message', 'status', 'all'],
  'message.read': ['message', 'status', 'all'],
  'message.reaction': ['message', 'all'],
  'typing.started': ['all'],
  'typing.stopped': ['all'],
  'poll.received': ['poll', 'all'],
  'poll.created': ['poll', 'all'],
  'poll.voted': ['poll', 'all'],
  'group.name_changed': ['all'],
  'group.icon_changed': ['all'],
  'contact.shared': ['all'],
  'contact.merged': ['all'],
};

/** The event types that have a flat v2 body. */
export const flatEventTypes: readonly string[] = Object.keys(routes);

export function v2Receives(webhookType: WebhookType, eventType: string): boolean {
  return routes[eventType]?.includes(webhookType) ?? false;
}
