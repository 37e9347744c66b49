// API keys created, listed and read through the API (section 2 "API key (create response data)", section 4
// "API keys (app token only)", section 5 items 2-3): the create answer carries the full key once, listing
// and reading never show it, programmatic keys begin `api_`, and a key cannot create keys.
import { check } from '../../harness/check/index.js';
import { createKey, keyAdmin, keyAdminNeed, keyNamed, keyPath, listedKeys, newKeyName, roomyFixtures } from '../_shared/api-keys.js';
import { fail, isRecord, mentions, shown } from '../_shared/common.js';

const area = 'api-keys';

// Fault: apikeys.create.fields-missing (the answer's schema), apikeys.create.masked-key (the key does not authenticate).
check(
  {
    area,
    name: 'create-answers-the-key-in-full',
    title: 'POST /api-keys answers 200/201 {data: API key} whose api_key is the full, working key',
    clauses: ['apikeys.create.response-shape', 'apikeys.create.data-with-full-key'],
    needs: [keyAdminNeed],
    concurrent: true,
  },
  async (t) => {
    const fx = await roomyFixtures(t);
    const created = await createKey(t, keyAdmin(fx));
    t.expect.that(created.data.name, 'name of the created key').toBe(created.name);
    t.expect.that(created.data.deprecated, 'a new key is not deprecated').toBe(false);
    // The full key is a credential: the API answers it as the key it is.
    const me = await fx.v4(created.apiKey).get('/me');
    t.expect.hasStatus(me, 200);
  },
);

// Fault: apikeys.create.key-without-prefix.
check(
  {
    area,
    name: 'created-key-begins-api',
    title: 'a key created through the API (programmatic) begins with api_',
    clauses: ['auth.credentials.api-key-prefix'],
    needs: [keyAdminNeed],
    concurrent: true,
  },
  async (t) => {
    const fx = await roomyFixtures(t);
    const created = await createKey(t, keyAdmin(fx));
    if (!created.apiKey.startsWith('api_')) fail('the programmatic key does not begin with api_', 'api_...', `${created.apiKey.slice(0, 4)}... (masked)`);
  },
);

// Fault: apikeys.list-shows-full-key.
check(
  {
    area,
    name: 'list-shows-the-key-never-in-full',
    title: 'GET /api-keys lists a created key (found by its name) and no page shows any full key',
    clauses: ['apikeys.list.keys', 'apikeys.create.full-key-once'],
    needs: [keyAdminNeed],
    concurrent: true,
  },
  async (t) => {
    const fx = await roomyFixtures(t);
    const admin = keyAdmin(fx);
    const created = await createKey(t, admin);
    const { items, texts } = await listedKeys(admin);
    if (!keyNamed(items, created.name)) fail(`GET /api-keys does not list the key named ${created.name}`, 'an item with that name', `${items.length} keys listed`);
    for (const full of [created.apiKey, fx.apiKey('primary')]) {
      if (texts.some((text) => text.includes(full))) fail('GET /api-keys shows a full key', 'keys listed without their full value (it is returned once only, at creation)', 'a page contains a full key (masked here)');
    }
  },
);

// Fault: apikeys.get-shows-full-key.
check(
  {
    area,
    name: 'get-reads-one-key-never-in-full',
    title: 'GET /api-keys/{apiKey} answers the one key (its name) without showing the full key',
    clauses: ['apikeys.get.one', 'apikeys.create.full-key-once'],
    needs: [keyAdminNeed],
    concurrent: true,
  },
  async (t) => {
    const fx = await roomyFixtures(t);
    const admin = keyAdmin(fx);
    const created = await createKey(t, admin);
    const read = await admin.get(keyPath(created.apiKey));
    t.expect.hasStatus(read, 200);
    const data = isRecord(read.body) ? read.body.data : undefined;
    // The fields of a read key are not shown (spec/AMBIGUITIES.md v4 19): its unique name anywhere in it will do.
    if (!isRecord(data) || !mentions(data, created.name)) fail('GET /api-keys/{apiKey} does not answer the key asked for', `{data: {name: ${created.name}, ...}}`, shown(read));
    if (read.text.includes(created.apiKey)) fail('GET /api-keys/{apiKey} shows the full key', 'the key without its full value (returned once only, at creation)', 'the body contains the full key (masked here)');
  },
);

// Fault: apikeys.accept-api-key.
check(
  {
    area,
    name: 'key-cannot-create-keys',
    title: 'POST /api-keys with an API key answers 403 oauth_token_required and creates nothing',
    clauses: ['auth.apikeys.key-cannot-create-keys', 'errors.403.oauth-token-required'],
    needs: [keyAdminNeed],
    concurrent: true,
  },
  async (t) => {
    const fx = await roomyFixtures(t);
    const name = newKeyName();
    const refused = await fx.v4(fx.apiKey('primary')).post('/api-keys', { json: { name } });
    t.expect.errorShape(refused, 403);
    t.expect.hasErrorCode(refused, 'oauth_token_required');
    const { items } = await listedKeys(keyAdmin(fx));
    if (keyNamed(items, name)) fail('a key created by an API key is listed', 'no key of that name', `GET /api-keys lists ${name}`);
  },
);
