// Priorities (section 4 Priorities; GET /me/priority in Account): create answers 201, the first priority of
// a key becomes its default unless `is_default` is false, PATCH replaces the channel set wholesale, delete
// answers {id, deleted}, the list holds only the calling key's priorities, and /me/priority is null for a
// key with no default. Checks that need a key with no history make one through the control API. Whether a
// priority may have no channels is not shown: a target that refuses `channels: []` gets one channel instead.
import { check, path, type ApiClient, type CheckContext } from '../../harness/check/index.js';
import { defaultPageWalk, walkCursor } from '../_shared/pages.js';
import { dataOf, fail, newLine, shown, type Json } from '../_shared/common.js';
import { ownKey } from '../_shared/api-keys.js';
import { channelIdsOf, createPriority, idOf, postPriority, withChannels, type ChannelSource } from '../_shared/priorities.js';

const area = 'priorities';

/**
 * A client of a key with no priorities yet (control API), and a line of its own for a target that refuses a
 * priority without channels (made only then).
 */
async function blankKey(t: CheckContext): Promise<{ client: ApiClient; line: ChannelSource }> {
  const fx = await t.fixtures();
  const key = await ownKey(t, fx);
  return { client: fx.v4(key), line: async () => (await newLine(fx, 'native-dedicated', key)).id };
}

/** The primary key's native line, for a target that refuses a priority without channels. */
const primaryLine = (t: CheckContext): ChannelSource => async () => (await t.fixtures()).channel('native-dedicated').id;

async function myPriority(client: ApiClient): Promise<unknown> {
  const response = await client.get('/me/priority');
  if (response.status !== 200) fail(`GET /me/priority answered ${response.status}`, '200 {data: Priority or null}', shown(response));
  return dataOf<unknown>(response);
}

// Fault: priorities.create.200.
check(
  {
    area,
    name: 'create-answers-201-and-reads-back',
    title: 'POST /priorities answers 201 {data: Priority} that GET /priorities/{id} reads back',
    clauses: ['priorities.create.201', 'priorities.get.item'],
  },
  async (t) => {
    const fx = await t.fixtures();
    const created = await postPriority(fx.v4(), { name: 'mcs-read-back', is_default: false }, primaryLine(t));
    t.expect.hasStatus(created, 201);
    const priority = dataOf<Json>(created);
    if (priority.name !== 'mcs-read-back') fail('the created priority has another name', 'name mcs-read-back', shown(created));
    const readBack = await fx.v4().get(path`/priorities/${idOf(priority)}`);
    t.expect.createdCanBeReadBack(readBack, created.body, ['name']);
  },
);

// Fault: account.me-priority.empty-object.
check(
  {
    area,
    name: 'me-priority-is-null-without-priorities',
    title: 'GET /me/priority answers {data: null} for a key with no priority',
    clauses: ['me.priority.null-means-implicit-pool'],
    needs: ['fresh-key'],
  },
  async (t) => {
    const { client } = await blankKey(t);
    const priority = await myPriority(client);
    if (priority !== null) fail('a key with no priority has a default', 'data: null', JSON.stringify(priority));
  },
);

check(
  {
    area,
    name: 'first-priority-becomes-default',
    title: 'the first priority created for a key becomes its default (is_default true, GET /me/priority answers it)',
    clauses: ['priorities.default.first-created', 'me.priority.null-means-implicit-pool'],
    needs: ['fresh-key'],
  },
  async (t) => {
    // Fault: priorities.first-not-default.
    const { client, line } = await blankKey(t);
    const created = await postPriority(client, { name: 'mcs-first' }, line);
    t.expect.hasStatus(created, 201);
    const priority = dataOf<Json>(created);
    if (priority.is_default !== true) fail('the first priority of a key is not its default', 'is_default: true', shown(created));
    const mine = await myPriority(client);
    if (typeof mine !== 'object' || mine === null || (mine as Json).id !== priority.id) fail('GET /me/priority does not answer the first priority', `data.id = ${String(priority.id)}`, JSON.stringify(mine));
  },
);

check(
  {
    area,
    name: 'first-priority-with-is-default-false-is-not-default',
    title: 'a first priority created with is_default false is not the default, and /me/priority stays null',
    clauses: ['priorities.default.first-created', 'me.priority.null-means-implicit-pool'],
    needs: ['fresh-key'],
  },
  async (t) => {
    // Fault: priorities.is-default-false-ignored.
    const { client, line } = await blankKey(t);
    const created = await postPriority(client, { name: 'mcs-not-default', is_default: false }, line);
    t.expect.hasStatus(created, 201);
    if (dataOf<Json>(created).is_default !== false) fail('is_default false was not kept', 'is_default: false', shown(created));
    const mine = await myPriority(client);
    if (mine !== null) fail('a key whose only priority is not default has a default', 'data: null', JSON.stringify(mine));
  },
);

check(
  {
    area,
    name: 'patch-replaces-the-channel-set',
    title: 'PATCH /priorities/{id} with channels replaces the set wholesale (the old channels are gone)',
    clauses: ['priorities.patch.replaces-channels'],
  },
  async (t) => {
    // Fault: priorities.patch-merges-channels.
    const fx = await t.fixtures();
    // Whether a priority may hold channels its key does not own is not shown: the key's own lines are used
    // (made with the control API; else the configured ones, the key's own first).
    const primary = fx.apiKey();
    const [a, b, c] = t.hasControl
      ? [await newLine(fx, 'native-dedicated', primary), await newLine(fx, 'sms_provider', primary), await newLine(fx, 'native-dedicated', primary)]
      : [...fx.channels].sort((x, y) => Number(y.owner_api_key === primary) - Number(x.owner_api_key === primary));
    if (!a || !b || !c) return t.notVerifiable('needs three channels (fewer configured)');
    const priority = await createPriority(fx.v4(), { name: 'mcs-replace', is_default: false, channels: [{ channel: a.id, tier: 1 }, { channel: b.id, tier: 2 }] });
    const id = idOf(priority);
    const patched = await withChannels((json) => fx.v4().patch(path`/priorities/${id}`, { json }), { channels: [{ channel: c.id, tier: 1 }] });
    t.expect.hasStatus(patched, 200);
    for (const [what, response] of [['PATCH answer', patched], ['GET after PATCH', await fx.v4().get(path`/priorities/${id}`)]] as const) {
      const ids = channelIdsOf(dataOf(response));
      if (ids.length !== 1 || ids[0] !== c.id) fail(`the ${what} holds ${JSON.stringify(ids)}`, `exactly [${c.id}] (the set replaced wholesale)`, shown(response));
    }
  },
);

// Fault: priorities.patch.name-ignored.
check(
  {
    area,
    name: 'patch-renames',
    title: 'PATCH /priorities/{id} with a name answers 200 {data: Priority} with the new name',
    clauses: ['priorities.patch.replaces-channels', 'priorities.get.item'],
  },
  async (t) => {
    const fx = await t.fixtures();
    const priority = await createPriority(fx.v4(), { name: 'mcs-before', is_default: false, channels: [] }, primaryLine(t));
    const patched = await fx.v4().patch(path`/priorities/${idOf(priority)}`, { json: { name: 'mcs-after' } });
    t.expect.hasStatus(patched, 200);
    if (dataOf<Json>(patched).name !== 'mcs-after') fail('the name was not changed', 'name mcs-after', shown(patched));
    const read = await fx.v4().get(path`/priorities/${idOf(priority)}`);
    if (dataOf<Json>(read).name !== 'mcs-after') fail('the new name does not read back', 'name mcs-after', shown(read));
  },
);

check(
  {
    area,
    name: 'delete-answers-id-and-deleted',
    title: 'DELETE /priorities/{id} answers 200 {data: {id, deleted}} and the priority is gone',
    clauses: ['priorities.delete.result', 'errors.404.not-found'],
  },
  async (t) => {
    // Fault: priorities.delete-keeps.
    const fx = await t.fixtures();
    const id = idOf(await createPriority(fx.v4(), { name: 'mcs-gone', is_default: false, channels: [] }, primaryLine(t)));
    const deleted = await fx.v4().delete(path`/priorities/${id}`);
    t.expect.hasStatus(deleted, 200);
    const data = dataOf<Json>(deleted);
    if (data.id !== id || !('deleted' in data)) fail('the delete answer is not {id, deleted} of the priority', `{id: ${id}, deleted}`, shown(deleted));
    t.expect.deletedIsGone(await fx.v4().get(path`/priorities/${id}`));
  },
);

check(
  {
    area,
    name: 'list-holds-only-the-calling-key-priorities',
    title: 'GET /priorities lists the calling key\'s priorities and none of another key\'s',
    clauses: ['priorities.list.owned-by-key'],
  },
  async (t) => {
    // Fault: priorities.list-all-keys.
    const fx = await t.fixtures();
    const secondaryLine: ChannelSource = async () => (await newLine(fx, 'native-dedicated', fx.apiKey('secondary'))).id;
    const mine = idOf(await createPriority(fx.v4(fx.apiKey('primary')), { name: 'mcs-mine', is_default: false, channels: [] }, primaryLine(t)));
    const theirs = idOf(await createPriority(fx.v4(fx.apiKey('secondary')), { name: 'mcs-theirs', is_default: false, channels: [] }, secondaryLine));
    // The target's default page size (not shown; the walk itself is judged in pagination/).
    const { items } = await walkCursor<Json>(fx.v4(fx.apiKey('primary')), '/priorities', {}, undefined, defaultPageWalk);
    const ids = items.map((p) => p.id);
    if (!ids.includes(mine)) fail('GET /priorities leaves out a priority of the calling key', `${mine} listed`, JSON.stringify(ids));
    if (ids.includes(theirs)) fail('GET /priorities lists a priority of another key', `${theirs} not listed`, JSON.stringify(ids));
  },
);
