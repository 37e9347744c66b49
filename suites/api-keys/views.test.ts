// Every view of a key agrees (issue 39): a key reads alike in its creation answer, GET /api-keys/{apiKey} and
// GET /api-keys (spec/fields/views.yaml ApiKey), and once deprecated it is deprecated in each of them, owns no
// line in its channel list and no longer authenticates (section 3 "API key"). The model-based property walks
// the key's state table with any sequence of creations, deprecations, repeated deprecations and assignments,
// and reads every key through every view after each step.
import fc from 'fast-check';
import { check, type ApiClient, type CheckContext, type Fixtures } from '../../harness/check/index.js';
import type { ChannelFixture } from '../../harness/fixtures/control-client.js';
import { assign, createKey, deleteOk, keyAdmin, keyAdminNeed, keyPath, keyViewsAgree, ownedItems, listsChannel, roomyFixtures, unassign, type CreatedKey } from '../_shared/api-keys.js';
import { fail, shown } from '../_shared/common.js';
import { lineOfItsOwn } from '../_shared/spare-lines.js';

const area = 'api-keys';

// Faults: apikeys.list.deprecated-reported-active (not here: the key is active), apikeys.list.blocked-reported.
check(
  {
    area,
    name: 'every-view-of-a-key-agrees',
    title: 'a created key reads alike in its creation answer, GET /api-keys/{apiKey} and GET /api-keys',
    clauses: ['views.apikeys.list-agrees-with-item'],
    needs: [keyAdminNeed],
    concurrent: true,
  },
  async (t) => {
    const fx = await roomyFixtures(t);
    const admin = keyAdmin(fx);
    const key = await createKey(t, admin);
    const readings = await keyViewsAgree(t, admin, key, false);
    if (!readings.some((r) => r.view === 'list-row' && r.object !== undefined)) t.notVerifiable('GET /api-keys did not list the key by its name within the pages walked, so the list could not be compared with the item');
  },
);

// Fault: apikeys.list.deprecated-reported-active.
check(
  {
    area,
    name: 'deprecated-key-is-deprecated-in-every-view',
    title: 'after DELETE /api-keys/{apiKey} the key reads deprecated in GET /api-keys/{apiKey} and in GET /api-keys (where they still show it) and lists no channel',
    clauses: ['views.apikeys.list-agrees-with-item', 'apikeys.delete.deprecates'],
    needs: [keyAdminNeed],
    concurrent: true,
  },
  async (t) => {
    const fx = await roomyFixtures(t);
    const admin = keyAdmin(fx);
    const key = await createKey(t, admin);
    t.expect.hasStatus(await admin.delete(keyPath(key.apiKey)), ...deleteOk);
    const readings = await keyViewsAgree(t, admin, key, true);
    if (!readings.some((r) => (r.view === 'list-row' || r.view === 'item') && r.object !== undefined)) {
      t.notVerifiable('the deprecated key is gone from both GET /api-keys/{apiKey} and GET /api-keys: nothing shows whether it reads deprecated');
    }
  },
);

/** The model of the keys: each key's name and whether it is deprecated, and which key owns the line. */
interface Model {
  keys: { name: string; deprecated: boolean; firstDelete?: number }[];
  owner: number | null;
}

interface Real {
  t: CheckContext;
  fx: Fixtures;
  admin: ApiClient;
  keys: CreatedKey[];
  line: ChannelFixture;
}

/** After each step: every key in every view as the model says, its channel list holding the line exactly when it owns it, and GET /me as its state. */
async function agreesWithModel(model: Model, real: Real, after: string): Promise<void> {
  for (const [k, key] of real.keys.entries()) {
    const state = model.keys[k]!;
    await keyViewsAgree(real.t, real.admin, key, state.deprecated).catch((error: unknown) => {
      if (error instanceof Error) error.message = `after ${after}: K${k}: ${error.message}`;
      throw error;
    });
    const me = await real.fx.v4(key.apiKey).get('/me');
    if ((me.status === 200) !== !state.deprecated) fail(`after ${after}: K${k} ${state.deprecated ? 'still authenticates' : 'does not authenticate'}`, state.deprecated ? 'GET /me 401 (deprecated)' : 'GET /me 200 (active)', shown(me));
    const listing = await real.admin.get(keyPath(key.apiKey) + '/channels');
    // A deprecated key's channel list may be gone (404): it owns nothing either way.
    if (state.deprecated && listing.status === 404) continue;
    const owns = listsChannel(await ownedItems(real.admin, key.apiKey), real.line);
    if (owns !== (model.owner === k)) fail(`after ${after}: K${k}'s channel list ${owns ? 'holds' : 'lacks'} the line`, model.owner === k ? 'the line listed (the key owns it)' : 'the line not listed', `owner in the model: ${model.owner === null ? 'none' : `K${model.owner}`}`);
  }
}

class Create implements fc.AsyncCommand<Model, Real> {
  check(model: Readonly<Model>): boolean {
    return model.keys.length < 3;
  }
  async run(model: Model, real: Real): Promise<void> {
    const key = await createKey(real.t, real.admin);
    real.keys.push(key);
    model.keys.push({ name: key.name, deprecated: false });
    await agreesWithModel(model, real, this.toString());
  }
  toString(): string {
    return 'create';
  }
}

class Deprecate implements fc.AsyncCommand<Model, Real> {
  constructor(readonly key: number) {}
  check(model: Readonly<Model>): boolean {
    return this.key < model.keys.length;
  }
  async run(model: Model, real: Real): Promise<void> {
    const state = model.keys[this.key]!;
    const response = await real.admin.delete(keyPath(real.keys[this.key]!.apiKey));
    // "repeatable with same result": a repeated deprecation answers as the first one did.
    if (state.firstDelete !== undefined && response.status !== state.firstDelete) fail(`${this.toString()} answered ${response.status}, the first deprecation ${state.firstDelete}`, `${state.firstDelete} (repeatable with same result)`, shown(response));
    if (!(deleteOk as readonly number[]).includes(response.status)) fail(`${this.toString()} answered ${response.status}`, '200 or 204', shown(response));
    state.firstDelete ??= response.status;
    state.deprecated = true;
    // "its channel ownership is released".
    if (model.owner === this.key) model.owner = null;
    await agreesWithModel(model, real, this.toString());
  }
  toString(): string {
    return `deprecate(K${this.key})`;
  }
}

/** Assigns the line to an active key (taking it from its owner); a deprecated key's assignment is not shown. */
class Assign implements fc.AsyncCommand<Model, Real> {
  constructor(readonly key: number) {}
  check(model: Readonly<Model>): boolean {
    return this.key < model.keys.length && !model.keys[this.key]!.deprecated;
  }
  async run(model: Model, real: Real): Promise<void> {
    const response = await assign(real.admin, real.keys[this.key]!.apiKey, real.line.id);
    if (response.status !== 200 && response.status !== 201) fail(`${this.toString()} answered ${response.status}`, '200 or 201 {data: assignment result}', shown(response));
    model.owner = this.key;
    await agreesWithModel(model, real, this.toString());
  }
  toString(): string {
    return `assign(K${this.key}, L)`;
  }
}

// Faults: apikeys.list.deprecated-reported-active, apikeys.deprecate-keeps-channels, apikeys.deprecated-still-authenticates.
check(
  {
    area,
    name: 'key-lifecycle-model',
    title: 'any sequence of creations, deprecations (repeated too) and assignments leaves every key active or deprecated in every view as section 3 says',
    clauses: ['views.apikeys.list-agrees-with-item', 'apikeys.delete.deprecates', 'apikeys.delete.releases-channels', 'apikeys.delete.repeatable', 'apikeys.delete.stops-authenticating'],
    needs: [keyAdminNeed, 'spare-line'],
    concurrent: true,
  },
  async (t) => {
    const fx = await roomyFixtures(t);
    const admin = keyAdmin(fx);
    const line = await lineOfItsOwn(t, fx);
    let previous: Real | undefined;
    const setUp = async () => {
      // The previous run's line goes back to no owner: each run starts from a line nobody owns.
      if (previous !== undefined) for (const key of previous.keys) await unassign(admin, key.apiKey, line.id);
      previous = { t, fx, admin, keys: [], line };
      return { model: { keys: [], owner: null } as Model, real: previous };
    };
    const key = fc.integer({ min: 0, max: 2 });
    const commands = fc.commands([fc.constant(new Create()), key.map((k) => new Deprecate(k)), key.map((k) => new Assign(k))], { maxCommands: 7 });
    await t.assertProperty(fc.asyncProperty(commands, (cmds) => fc.asyncModelRun(setUp, cmds)), { numRuns: 4 });
  },
);
