// Channels: one channel, its capabilities, unknown channels (section 4 Channels; section 2 Channel). The list
// and its filters, which walk the organization's channels, are in list.listing.test.ts.
import { check, path, type CheckContext } from '../../harness/check/index.js';
import type { ChannelItem } from '../_shared/channels.js';
import { dataOf, fail, isEpochMillis, isRecord, type Json } from '../_shared/common.js';

const area = 'channels';
const unknownChannel = 'ch_mcsunknown000000';

// Fault time.channels.created-at-seconds makes the created_at check fail; envelope.item-unwrapped the get.
check(
  {
    area,
    name: 'created-at-is-epoch-milliseconds',
    title: 'a channel\'s created_at is integer epoch milliseconds',
    clauses: ['time.v4.epoch-milliseconds', 'channels.object.fields'],
    concurrent: true,
  },
  async (t) => {
    const fx = await t.fixtures();
    const channel = fx.channels[0] ?? t.notVerifiable('needs a channel (none configured)');
    const item = dataOf<ChannelItem>(await fx.v4().get(path`/channels/${channel.id}`));
    if (!isEpochMillis(item.created_at)) {
      fail('created_at is not in epoch milliseconds', 'integer epoch milliseconds (e.g. 1.7e12 today)', String(item.created_at));
    }
  },
);

check(
  {
    area,
    name: 'get-answers-the-channel',
    title: 'GET /channels/{channel} answers {data: Channel} with the same id and type as the list',
    clauses: ['channels.get.item', 'envelope.item.data-wrapped', 'channels.object.fields'],
    concurrent: true,
  },
  async (t) => {
    const fx = await t.fixtures();
    if (fx.channels.length === 0) t.notVerifiable('needs channels in the organization (none configured)');
    for (const channel of fx.channels) {
      const response = await fx.v4().get(path`/channels/${channel.id}`);
      t.expect.hasStatus(response, 200);
      const item = dataOf<ChannelItem>(response);
      if (item.id !== channel.id) fail(`GET /channels/${channel.id} answered another channel`, `data.id = ${channel.id}`, String(item.id));
      if (channel.type !== '' && item.type !== channel.type) fail(`GET /channels/${channel.id}: type ${item.type}`, `type ${channel.type} (the fixture's type)`, item.type);
    }
  },
);

// Fault: channels.capabilities.type-native.
check(
  {
    area,
    name: 'capabilities-name-the-channel',
    title: 'GET /channels/{channel}/capabilities answers {data: {channel_id, type, capabilities: {protocols, content}}} of that channel',
    clauses: ['channels.capabilities.shape', 'channels.object.capabilities-shape'],
    concurrent: true,
  },
  async (t) => {
    const fx = await t.fixtures();
    if (fx.channels.length === 0) t.notVerifiable('needs channels in the organization (none configured)');
    for (const channel of fx.channels) {
      const response = await fx.v4().get(path`/channels/${channel.id}/capabilities`);
      t.expect.hasStatus(response, 200);
      const data = dataOf<Json>(response);
      const item = dataOf<ChannelItem>(await fx.v4().get(path`/channels/${channel.id}`));
      if (data.channel_id !== channel.id) fail('capabilities name another channel', `channel_id ${channel.id}`, String(data.channel_id));
      if (data.type !== item.type) fail('capabilities give another type than the channel', `type ${item.type}`, String(data.type));
      const caps = data.capabilities;
      if (!isRecord(caps) || !Array.isArray(caps.protocols) || !Array.isArray(caps.content)) {
        fail('capabilities lack protocols or content arrays', 'capabilities: {protocols: [string], content: [string]}', JSON.stringify(caps));
      }
    }
  },
);

/** GET /channels/{unknown}{sub} answers 404 with an error body. */
function unknownChannelGets404(sub: string): (t: CheckContext) => Promise<void> {
  return async (t) => {
    const fx = await t.fixtures();
    t.expect.errorShape(await fx.v4().get(path`/channels/${unknownChannel}` + sub), 404);
  };
}

check(
  {
    area,
    name: 'unknown-channel-gets-404.get',
    title: 'GET /channels/{unknown} answers 404 with an error body',
    clauses: ['errors.404.not-found', 'channels.get.item'],
    concurrent: true,
  },
  // Fault: channels.get.unknown-200.
  unknownChannelGets404(''),
);

check(
  {
    area,
    name: 'unknown-channel-gets-404.capabilities',
    title: 'GET /channels/{unknown}/capabilities answers 404 with an error body',
    clauses: ['errors.404.not-found', 'channels.capabilities.shape'],
    concurrent: true,
  },
  // Fault: channels.get.unknown-200.
  unknownChannelGets404('/capabilities'),
);
