// Priorities as the priorities, routing and business-chat checks make them. The description names the
// request fields `name`, `is_default` and `channels` and says channels carry a `priority` (tier) value, but
// not how an entry names its channel; the entry forms below are tried in turn (the first one a target
// takes is kept for the worker), and a target that takes none makes the check not verifiable.
import { NotVerifiable, prerequisite, type ApiClient, type ApiResponse } from '../../harness/check/index.js';
import { fail, isRecord, shown, type Json } from './common.js';

export interface Placement {
  /** `ch_` id of the channel. */
  channel: string;
  /** Its tier: ascending order is the send-time waterfall. */
  tier: number;
}

const entryForms: { label: string; entry: (p: Placement) => Json }[] = [
  { label: '{channel_id, priority}', entry: (p) => ({ channel_id: p.channel, priority: p.tier }) },
  { label: '{channel, priority}', entry: (p) => ({ channel: p.channel, priority: p.tier }) },
  { label: '{id, priority}', entry: (p) => ({ id: p.channel, priority: p.tier }) },
];
let learnt: number | undefined;

export interface PriorityBody {
  name?: string;
  is_default?: boolean;
  channels: Placement[];
}

function requestBody(body: PriorityBody, form: number): Json {
  const out: Json = { ...body, channels: body.channels.map((p) => (entryForms[form] ?? entryForms[0]!).entry(p)) };
  return out;
}

/**
 * Sends a priority with channels in the first entry form the target takes. `send` is POST /priorities or
 * PATCH /priorities/{id}; answers the response of the form that was taken.
 */
export async function withChannels(send: (json: Json) => Promise<ApiResponse>, body: PriorityBody): Promise<ApiResponse> {
  if (body.channels.length === 0) return send(requestBody(body, 0));
  const order = learnt === undefined ? entryForms.map((_, i) => i) : [learnt];
  const refused: string[] = [];
  for (const form of order) {
    const response = await send(requestBody(body, form));
    if (response.status >= 500) fail(`${response.method} ${response.path} answered a server error`, 'a status below 500', shown(response));
    if (response.status >= 200 && response.status < 300) {
      learnt = form;
      return response;
    }
    if (response.status !== 400 && response.status !== 422) return response;
    refused.push(`${entryForms[form]?.label}: ${response.status}`);
  }
  throw new NotVerifiable(`no priority channel entry form was accepted (the entry fields are not shown in the description): ${refused.join('; ')}`);
}

/** A `ch_` id the caller may put in a priority, made or found only when it is needed. */
export type ChannelSource = () => Promise<string>;

/**
 * POST /priorities with no channels (`channels: []`). Whether a priority may be empty is not shown, so a
 * target that refuses it (400 or 422) is asked again with one channel of `channel` at tier 1. Answers the
 * response of the request that was taken (or the refusal when no channel source is given).
 */
export async function postPriority(client: ApiClient, body: Omit<PriorityBody, 'channels'>, channel?: ChannelSource): Promise<ApiResponse> {
  const bare = await client.post('/priorities', { json: { ...body, channels: [] } });
  if ((bare.status !== 400 && bare.status !== 422) || channel === undefined) return bare;
  return withChannels((json) => client.post('/priorities', { json }), { ...body, channels: [{ channel: await channel(), tier: 1 }] });
}

/** POST /priorities with channels (none: see postPriority); the created priority's `data` (a step: createPriority's failure). */
export function createPriority(client: ApiClient, body: PriorityBody, channel?: ChannelSource): Promise<Json> {
  return prerequisite('createPriority', async () => {
    const response = body.channels.length === 0 ? await postPriority(client, body, channel) : await withChannels((json) => client.post('/priorities', { json }), body);
    if (response.status !== 201 || !isRecord(response.body) || !isRecord(response.body.data)) {
      fail('POST /priorities did not create the priority', '201 {data: Priority}', shown(response));
    }
    return response.body.data;
  });
}

/** The `ch_` ids of a priority's channel entries, whatever field names the entry (not shown in the description). */
export function channelIdsOf(priority: unknown): string[] {
  const entries = isRecord(priority) && Array.isArray(priority.channels) ? priority.channels : [];
  return entries.map((entry: unknown) => {
    if (typeof entry === 'string') return entry;
    if (!isRecord(entry)) return '';
    for (const field of ['channel_id', 'channel', 'id']) {
      const value = entry[field];
      if (typeof value === 'string') return value;
      if (isRecord(value) && typeof value.id === 'string') return value.id;
    }
    return '';
  });
}

/** The priority's id as a string (its prefix is not shown). */
export function idOf(priority: Json): string {
  const id = priority.id;
  if (typeof id !== 'string' || id === '') fail('the priority has no id', 'a priority with a string id', JSON.stringify(priority));
  return id;
}
