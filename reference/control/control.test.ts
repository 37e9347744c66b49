// The control API over HTTP: fixtures, isolation, plan, keys, tokens, channels, clock, errors, --no-control.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadOpenApi } from '../../spec/index.js';
import { startHarness, type Harness } from '../test-helpers.js';

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

describe('control API', () => {
  it('answers its version and announces every operation of the control spec', async () => {
    const { data } = (await h.control('GET', '/')).body;
    expect(data).toMatchObject({ version: '1', target_settings: { webhook_replay_path: '/webhooks/{webhookId}/deliveries/{deliveryId}/replay', dry_run_field: 'dry_run', amb_invitation_field: 'invitation_id' } });
    const paths = loadOpenApi('control').paths as Record<string, Record<string, { operationId?: string }>>;
    const specified = Object.values(paths).flatMap((item) => Object.values(item).map((op) => op.operationId).filter((id) => id !== undefined));
    expect([...data.operations].sort()).toEqual(specified.sort());
  });

  it('creates an organization with the standard fixtures', async () => {
    const answer = await h.control('POST', '/organizations', {});
    expect(answer.status).toBe(201);
    const data = answer.body.data;
    expect(data.organization_id).toMatch(/^org_/);
    expect(data.app_tokens).toHaveLength(10); // all scopes, each alone, each but one, none
    expect(data.app_tokens.map((t: { scopes: string[] }) => t.scopes.length).sort()).toEqual([0, 1, 1, 1, 1, 3, 3, 3, 3, 4]);
    expect(data.channels.map((c: { kind: string }) => c.kind).sort()).toEqual(
      ['amb', 'native-dedicated', 'native-dedicated-nocard', 'native-inbound', 'native-shared', 'rcs', 'sms_provider', 'whatsapp'],
    );
    const owned = data.channels.filter((c: { owner_api_key: string | null }) => c.owner_api_key !== null);
    expect(owned).toEqual([expect.objectContaining({ kind: 'native-dedicated', owner_api_key: data.api_keys.primary.api_key })]);
    expect(data.plan).toMatchObject({ purchase_line_cap: 10, number_pools: true });
  });

  it('organizations are isolated', async () => {
    const a = await h.newOrg();
    const b = await h.newOrg();
    expect((await h.call('GET', `/v4/channels/${a.channel('native-shared').id}`, { token: b.primary })).status).toBe(404);
  });

  it('with_channels false gives no channels', async () => {
    expect((await h.control('POST', '/organizations', { with_channels: false })).body.data.channels).toEqual([]);
  });

  it('rejects malformed requests with 400 and unknown organizations with 404, in the control shape', async () => {
    const bad = await h.control('POST', '/organizations', { colour: 'red' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    expect((await h.control('PATCH', '/organizations/org_nope/plan', { number_pools: false })).status).toBe(404);
    const org = await h.newOrg();
    expect((await h.control('PATCH', `/organizations/${org.id}/plan`, { payment_method: 'cash' })).status).toBe(400);
    expect((await h.control('POST', `/organizations/${org.id}/app-tokens`, { scopes: ['everything'] })).status).toBe(400);
    expect((await h.control('POST', `/organizations/${org.id}/channels`, { kind: 'pigeon' })).status).toBe(400);
    expect((await h.control('POST', `/organizations/${org.id}/clock/advance`, { milliseconds: -1 })).status).toBe(400);
  });

  it('sets plan facts, creates keys, tokens and channels', async () => {
    const org = await h.newOrg();
    const plan = await h.control('PATCH', `/organizations/${org.id}/plan`, { number_pools: false, outbound_cap_per_number: 5 });
    expect(plan.body.data).toMatchObject({ number_pools: false, outbound_cap_per_number: 5, active_key_ceiling: 10 });
    const key = await h.control('POST', `/organizations/${org.id}/api-keys`, { name: 'dash' });
    expect(key.body.data).toMatchObject({ name: 'dash', api_key: expect.stringMatching(/^api_/) });
    const token = await h.control('POST', `/organizations/${org.id}/app-tokens`, { scopes: ['numbers:read'] });
    expect(token.body.data.scopes).toEqual(['numbers:read']);
    const channel = await h.control('POST', `/organizations/${org.id}/channels`, { kind: 'native-inbound', owner_api_key: key.body.data.api_key, alias: 'support', address: '+13125550000' });
    expect(channel.status).toBe(201);
    expect(channel.body.data).toMatchObject({ kind: 'native-inbound', type: 'native', address: '+13125550000', alias: 'support', owner_api_key: key.body.data.api_key });
    expect((await h.call('GET', '/v4/channels/support', { token: key.body.data.api_key })).body.data.id).toBe(channel.body.data.id);
  });

  it('moves the organization clock forward', async () => {
    const org = await h.newOrg();
    const before = Date.now();
    const moved = await h.control('POST', `/organizations/${org.id}/clock/advance`, { milliseconds: 86_400_000 });
    expect(moved.body.data.now).toBeGreaterThanOrEqual(before + 86_400_000);
  });
});

describe('--no-control', () => {
  it('answers 404 under /__control', async () => {
    const off = await startHarness({ control: false });
    try {
      expect((await off.control('GET', '/')).status).toBe(404);
      expect((await off.control('POST', '/organizations', {})).status).toBe(404);
    } finally {
      await off.close();
    }
  });
});

describe('control answers match spec/control.openapi.yaml', () => {
  it('for setup, observation and errors', async () => {
    const { specChecker } = await import('../spec-check.js');
    const check = specChecker('control');
    const problems: string[] = [];
    const call = async (method: string, path: string, body?: unknown) => {
      const answer = await h.control(method, path, body);
      problems.push(...check(method, path, answer));
      return answer;
    };
    await call('GET', '/');
    const org = (await call('POST', '/organizations', { name: 'spec' })).body.data.organization_id as string;
    await call('POST', '/organizations', { bogus: true });
    await call('PATCH', `/organizations/${org}/plan`, { purchase_line_cap: 3 });
    await call('PATCH', '/organizations/org_missing/plan', { purchase_line_cap: 3 });
    const key = await call('POST', `/organizations/${org}/api-keys`, {});
    await call('POST', `/organizations/${org}/app-tokens`, { scopes: [] });
    await call('POST', `/organizations/${org}/channels`, { kind: 'sms_provider', owner_api_key: key.body.data.api_key });
    await call('POST', `/organizations/${org}/inventory`, { numbers: [{ phone_number: '+14155550100', kind: 'inbound' }] });
    await call('POST', `/organizations/${org}/location-contacts`, { handle: 'x@example.com' });
    await call('POST', `/organizations/${org}/clock/advance`, { milliseconds: 5 });
    await call('GET', `/organizations/${org}/charges`);
    await call('GET', `/organizations/${org}/events`);
    await call('POST', `/organizations/${org}/purchases/pur_missing1/confirm`);
    expect(problems).toEqual([]);
  });
});
