// GET /me and GET /me/numbers (section 4 Account). The fields inside the returned objects are not shown, so
// only the envelope is checked, and that the key's own number is named somewhere in /me/numbers.
import { check } from '../../harness/check/index.js';
import { dataOf, fail, isRecord, mentions, shown } from '../_shared/common.js';

const area = 'account';

check(
  {
    area,
    name: 'me-answers-a-data-object',
    title: 'GET /me answers 200 {data: object}',
    clauses: ['me.get.data-object', 'envelope.item.data-wrapped'],
    concurrent: true,
  },
  async (t) => {
    // Fault: account.me.unwrapped.
    const fx = await t.fixtures();
    const response = await fx.v4().get('/me');
    t.expect.hasStatus(response, 200);
    if (!isRecord(dataOf(response))) fail('GET /me: data is not an object', '{data: {...}}', shown(response));
  },
);

check(
  {
    area,
    name: 'me-numbers-lists-the-key-numbers',
    title: 'GET /me/numbers answers 200 {data: [object]} naming the number the key owns',
    clauses: ['me.numbers.list'],
    concurrent: true,
  },
  async (t) => {
    // Fault: account.me-numbers.empty.
    const fx = await t.fixtures();
    const response = await fx.v4().get('/me/numbers');
    t.expect.hasStatus(response, 200);
    const data = dataOf<unknown>(response);
    if (!Array.isArray(data) || !data.every(isRecord)) fail('GET /me/numbers: data is not an array of objects', '{data: [object]}', shown(response));
    const owned = fx.channels.find((c) => c.owner_api_key === fx.apiKey() && c.address.startsWith('+'));
    if (!owned) return t.notVerifiable('needs a numbered channel owned by the primary key (none configured)');
    if (!mentions(data, owned.address) && !mentions(data, owned.id)) fail('GET /me/numbers does not name the key\'s own number', `an item naming ${owned.address}`, shown(response));
  },
);
