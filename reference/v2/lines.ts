// Which line a v2 request uses. v2 knows no `from`: a send goes where the calling key's routing sends it
// (priority or implicit pool), and when the key has no route, over the organization's active native
// numbers as one sticky pool. An organization without an active native number answers 503.
import type { App } from '../server/app.js';
import { HttpError, httpError } from '../server/errors.js';
import type { ChannelRecord, Org } from '../store/types.js';
import { poolChoice, refusal, routeSend, type Route } from '../messaging/routing.js';

export function activeNativeLines(org: Org): ChannelRecord[] {
  const out: ChannelRecord[] = [];
  for (const channel of org.channels.values()) if (channel.type === 'native' && channel.status === 'active') out.push(channel);
  return out;
}

/** 503 `no_active_number` when the organization has no active native number. */
export function requireActiveNumber(app: Pick<App, 'fault'>, org: Org): ChannelRecord[] {
  const lines = activeNativeLines(org);
  if (lines.length === 0 && !app.fault('v2.no-active-number.ignored')) {
    throw httpError(503, 'no_active_number', 'No active number is available to this organization');
  }
  return lines;
}

export function lineFor(app: Pick<App, 'fault'>, org: Org, ownerId: string, peers: readonly string[]): Route {
  const lines = requireActiveNumber(app, org);
  try {
    return routeSend(app, org, ownerId, peers);
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    const usable = lines.filter((line) => refusal(app, org, line, peers) === null);
    if (usable.length === 0) throw lines.length > 0 ? (refusal(app, org, lines[0]!, peers) ?? error) : error;
    return poolChoice(org, 'v2|organization', peers, usable, false);
  }
}
