// Discovery and the fixture check before a run (harness/discovery), against the reference as a vendor's sandbox:
// what one key and the app tokens given show of the organization, and each stated fixture that is used up or
// wrong named in one line and left out.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReference, type ReferenceHandle } from '../../reference/index.js';
import { makeVendorOrganization, type VendorOrganization } from '../../reference/sandbox/vendor-organization.js';
import { discover } from '../../harness/discovery/discover.js';
import { withDiscovered } from '../../harness/discovery/fixtures.js';
import { checkFixtures } from '../../harness/discovery/preflight.js';
import { probeScopes } from '../../harness/discovery/scopes.js';
import type { TargetConfig } from '../../harness/config/types.js';
import { timeLimit } from '../support/pace.js';

let reference: ReferenceHandle;
let org: VendorOrganization;
let target: TargetConfig;

beforeAll(async () => {
  reference = await startReference({ log: () => {}, sandbox: true });
  org = await makeVendorOrganization(reference.urls.control);
  target = { baseUrl: reference.urls.base, v4Url: reference.urls.v4, v2Url: reference.urls.v2, timeoutMs: timeLimit({ requests: 1 }), fixtures: { api_keys: { primary: org.keys.primary } } };
});
afterAll(() => reference.close());

describe('discovery through the public API', () => {
  it('finds a line of each kind with its owner, the lines nobody owns, the purchase feature, the friends and the organization', async () => {
    const found = await discover(target, org.keys.primary, org.tokens.map(({ token }) => token));
    const fixtures = withDiscovered(target.fixtures, found);
    expect(Object.keys(fixtures.channels ?? {}).sort()).toEqual(['amb', 'native-dedicated', 'native-dedicated-nocard', 'native-inbound', 'native-shared', 'rcs', 'sms_provider', 'whatsapp']);
    expect(fixtures.channels?.['native-dedicated']?.owner).toBe('primary');
    expect(fixtures.channels?.['native-shared']?.owner).toBeNull();
    const spare = new Set((fixtures.spare_lines ?? []).map((line) => line.id));
    for (const line of [...org.spareLines, ...org.removableLines]) expect(spare.has(line.id), line.id).toBe(true);
    expect(fixtures.plan?.number_purchase_enabled).toBe(true);
    expect(fixtures.location_friends?.sort()).toEqual([...org.locationFriends].sort());
    expect(fixtures.organization_id).toBe(org.organizationId);
    expect(fixtures.app_tokens?.map(({ scopes }) => scopes)).toEqual(org.tokens.map(({ scopes }) => scopes));
  });

  it('without a token, leaves the owner of the lines the key does not own unknown, and lends none', async () => {
    const found = await discover(target, org.keys.primary);
    const fixtures = withDiscovered(target.fixtures, found);
    expect(fixtures.spare_lines).toBeUndefined();
    expect(fixtures.channels?.['native-shared']?.owner).toBeUndefined();
    expect(found.unknowns.join('\n')).toMatch(/apikeys:read/);
  });

  it("tells a token's scopes by requests that act on nothing, and a refused token", async () => {
    // Every token the organization has, each found holding exactly the scopes it was made with.
    for (const { token, scopes } of org.tokens) expect((await probeScopes(target, token)).scopes).toEqual(scopes);
    expect(org.tokens.some(({ scopes }) => scopes.length === 0)).toBe(true);
    expect((await probeScopes(target, 'tok_nobody')).refused).toBe(true);
  });
});

describe('the fixture check before a run', () => {
  it('names a removable line an earlier run removed, a wrong owner, a token lacking a scope and a refused key, one line each, and leaves them out', async () => {
    const removed = org.removableLines[0];
    const kept = org.removableLines[1];
    if (removed === undefined || kept === undefined) throw new Error('the sandbox has removable lines');
    const manager = org.tokens[0]?.token ?? '';
    const gone = await fetch(`${reference.urls.v4}/channels/${removed.id}`, { method: 'DELETE', headers: { authorization: `Bearer ${manager}`, 'content-type': 'application/json' }, body: JSON.stringify({ reasons: ['an earlier run'] }) });
    expect(gone.status).toBe(200);
    const found = await discover(target, org.keys.primary, org.tokens.map(({ token }) => token));
    const stated = withDiscovered(
      {
        api_keys: { primary: org.keys.primary, secondary: 'api_not-a-key-of-this-organization' },
        removable_lines: [removed, kept].map(({ id, address }) => ({ id, address })),
        app_tokens: [{ token: org.tokens[2]?.token ?? '', scopes: ['apikeys:read', 'apikeys:manage'] }],
        spare_lines: [{ id: found.lines.find((line) => line.owner === 'primary')?.id ?? '', address: '+15550000000' }],
      },
      found,
    );
    const { fixtures, problems } = await checkFixtures(target, stated, found);
    expect(problems).toEqual([
      expect.stringMatching(/^fixtures\.api_keys\.secondary: refused/),
      expect.stringMatching(/^fixtures\.spare_lines\[0\] .*owned by the primary key/),
      expect.stringMatching(/^fixtures\.removable_lines\[0\] .*used up/),
      expect.stringMatching(/^fixtures\.app_tokens\[0\]: lacks apikeys:read/),
    ]);
    expect(fixtures.removable_lines?.map(({ id }) => id)).toEqual([kept.id]);
    expect(fixtures.api_keys?.secondary).toBeUndefined();
    expect(fixtures.app_tokens?.[0]?.scopes).toEqual(['apikeys:manage']);
  });

  it('finds nothing wrong with what discovery found', async () => {
    const found = await discover(target, org.keys.primary, org.tokens.map(({ token }) => token));
    expect((await checkFixtures(target, withDiscovered(target.fixtures, found), found)).problems).toEqual([]);
  });
});
