// The registry of load profiles, by name.
import type { Profile, ProfileState } from '../types.js';
import { send } from './send.js';
import { sendChat } from './send-chat.js';
import { sendRetryStorm } from './send-retry-storm.js';
import { webhookDelivery } from './webhook-delivery.js';
import { webhookReceiver } from './webhook-receiver.js';

// Each profile is typed with its own state; the runner only passes a profile's state back to it.
export const profiles: Record<string, Profile<ProfileState>> = Object.fromEntries(
  [send, sendChat, sendRetryStorm, webhookDelivery, webhookReceiver].map((p) => [p.name, p as unknown as Profile<ProfileState>]),
);

export function profileNames(): string[] {
  return Object.keys(profiles);
}
