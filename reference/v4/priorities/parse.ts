// The `channels` of a priority request: items `{channel_id | channel, priority}` (or a bare selector string,
// which takes tier = its position + 1). Unknown channels -> 404; a malformed item -> 422; a malformed channel
// selector -> 400 where the operation lists it (section 7: "malformed channel selector"), else 422.
import { httpError, validation } from '../../server/errors.js';
import { findChannel } from '../../store/channels.js';
import type { Org, PriorityEntry } from '../../store/types.js';

export function parsePriorityChannels(org: Org, value: unknown, malformedSelector: 400 | 422): PriorityEntry[] {
  if (!Array.isArray(value)) throw validation('channels must be an array', { field: 'channels' });
  const seen = new Set<string>();
  return value.map((item: unknown, index) => {
    const { selector, priority } = entryParts(item, index);
    const channel = malformedSelector === 400 ? findChannel(org, selector) : findOr422(org, selector);
    if (!channel) throw httpError(404, 'not_found', `Channel ${selector} not found`, { channel: selector });
    if (seen.has(channel.id)) throw validation(`Channel ${selector} appears twice`, { channel: selector });
    seen.add(channel.id);
    return { channelId: channel.id, priority };
  });
}

function entryParts(item: unknown, index: number): { selector: string; priority: number } {
  if (typeof item === 'string') return { selector: item, priority: index + 1 };
  if (typeof item !== 'object' || item === null) throw validation(`channels[${index}] must be an object`, { index });
  const entry = item as Record<string, unknown>;
  const selector = entry.channel_id ?? entry.channel ?? entry.id;
  if (typeof selector !== 'string' || selector === '') throw validation(`channels[${index}].channel_id is required`, { index });
  const priority = entry.priority ?? index + 1;
  if (!Number.isInteger(priority) || (priority as number) < 0) throw validation(`channels[${index}].priority must be an integer >= 0`, { index });
  return { selector, priority: priority as number };
}

function findOr422(org: Org, selector: string) {
  try {
    return findChannel(org, selector);
  } catch {
    throw validation(`${selector} is not a channel selector`, { channel: selector });
  }
}
