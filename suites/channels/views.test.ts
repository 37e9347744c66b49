// Every view of a channel agrees (issue 39): a channel reads alike as the fixtures made it, in GET
// /channels/{channel}, in GET /channels, through its capabilities endpoint ("the capabilities endpoint also
// reports actions and interactive features": at least the channel's protocols and content), and in its owner
// key's channel list (spec/fields/views.yaml Channel).
import { check } from '../../harness/check/index.js';
import { expectViewsAgree, fixtureReading, viewClients } from '../_shared/views.js';

const area = 'channels';

// Faults: channels.capabilities.protocols-dropped, channels.list.content-text-only, apikeys.channels.rows-as-sms.
check(
  {
    area,
    name: 'every-view-of-a-channel-agrees',
    title: "each channel reads alike as made, alone, listed, through its capabilities endpoint and in its owner key's channel list",
    clauses: ['views.channels.list-agrees-with-item', 'channels.object.capabilities-shape', 'views.apikeys.owned-channels-agree'],
    concurrent: true,
  },
  async (t) => {
    const fx = await t.fixtures();
    if (fx.channels.length === 0) t.notVerifiable('needs channels in the organization (none configured)');
    // v2 /me/numbers is judged by the v2 area (v2/every-line-has-its-plan-kind).
    const clients = { ...viewClients(t, fx), v2: undefined };
    let listed = 0;
    for (const channel of fx.channels) {
      const readings = await expectViewsAgree(t, clients, 'Channel', { given: [fixtureReading(channel)], known: { owner: channel.owner_api_key ?? undefined } });
      if (readings.some((r) => r.view === 'list-row' && r.object !== undefined)) listed++;
    }
    if (listed === 0) t.notVerifiable('GET /channels listed none of the organization\'s channels within five pages, so no list row could be compared');
  },
);
