import { describe, expect, it } from 'vitest';
import type { TargetConfig } from '../config/types.js';
import { tokenNeed, unmetNeed, type Offer } from './needs.js';

const target: TargetConfig = {
  baseUrl: 'http://h',
  v4Url: 'http://h/v4',
  timeoutMs: 1_000,
  fixtures: { api_keys: { primary: 'api_p0123456789' }, channels: { whatsapp: { id: 'ch_wa' }, 'native-dedicated': { id: 'ch_d', address: '+14155550100', owner: null } } },
};
const configOnly: Offer = { target, control: false };

describe('what a check needs', () => {
  it('names the fixture the config lacks', () => {
    expect(unmetNeed(['channel:whatsapp'], configOnly)).toBeUndefined();
    expect(unmetNeed(['channel:amb'], configOnly)).toBe("needs a channel of kind amb (the config file's fixtures.channels.amb)");
    expect(unmetNeed(['secondary-key'], configOnly)).toMatch(/secondary API key/);
    expect(unmetNeed(['owned-line'], configOnly)).toMatch(/line the primary key owns/);
    const owned = { ...target, fixtures: { ...target.fixtures, channels: { 'native-dedicated': { id: 'ch_d', address: '+14155550100', owner: 'primary' as const } } } };
    expect(unmetNeed(['owned-line'], { target: owned, control: false })).toBeUndefined();
  });

  it('names the control operation the target does not offer', () => {
    expect(unmetNeed(['simulateInboundMessage'], configOnly)).toBe('needs the control operation simulateInboundMessage (the target has no control API nor adapter)');
    const some: Offer = { target: { ...target, controlUrl: 'http://h/c', fixtures: { ...target.fixtures, organization_id: 'org_1' } }, control: false, controlOperations: ['simulateInboundMessage', 'advanceClock'] };
    expect(unmetNeed(['simulateInboundMessage', 'advanceClock'], some)).toBeUndefined();
    expect(unmetNeed(['advanceClock', 'drivePurchase'], some)).toMatch(/control operation drivePurchase \(the target's control API or adapter does not offer it\)/);
    expect(unmetNeed(['control'], some)).toMatch(/createOrganization/);
  });

  it('asks for the organization id when the control API cannot create organizations', () => {
    const noId: Offer = { target: { ...target, controlUrl: 'http://h/c' }, control: false, controlOperations: ['advanceClock'] };
    expect(unmetNeed(['advanceClock'], noId)).toMatch(/fixtures\.organization_id/);
  });

  it('meets every fixture need with a control API that creates organizations', () => {
    const full: Offer = { target, control: true, controlOperations: ['createOrganization'] };
    expect(unmetNeed(['channel:amb', 'secondary-key', 'owned-line', 'control'], full)).toBeUndefined();
    expect(unmetNeed(['v2'], full)).toMatch(/v2/);
  });

  it('asks a control API that creates organizations for the operation making what the config would describe', () => {
    // The config's friends, stock and lines are the vendor's organization's, not the fresh one's.
    const withFixtures: Offer = { target: { ...target, fixtures: { ...target.fixtures, location_friends: ['+14155550199'], spare_lines: [{ id: 'ch_s', address: '+14155550101' }] } }, control: true, controlOperations: ['createOrganization'] };
    expect(unmetNeed(['location-friends'], withFixtures)).toMatch(/seedLocationContact/);
    expect(unmetNeed(['spare-line'], withFixtures)).toMatch(/createFixtureChannel/);
    expect(unmetNeed(['removable-line'], withFixtures)).toMatch(/createFixtureChannel/);
    expect(unmetNeed(['known-stock'], withFixtures)).toMatch(/seedInventory/);
    // A key of its own comes through POST /api-keys with the fresh organization's app token.
    expect(unmetNeed(['fresh-key'], withFixtures)).toBeUndefined();
    expect(unmetNeed(['location-friends', 'spare-line'], { ...withFixtures, controlOperations: ['createOrganization', 'seedLocationContact', 'createFixtureChannel'] })).toBeUndefined();
  });

  it('takes a run context with control: true and no list as offering every operation', () => {
    expect(unmetNeed(['drivePurchase', 'simulateInboundMessage'], { target, control: true })).toBeUndefined();
  });

  it('asks for an app token holding some scopes and lacking others, in the words the run uses', () => {
    const need = tokenNeed({ with: ['apikeys:read'], without: ['apikeys:manage'] });
    expect(need).toBe('token:+apikeys:read-apikeys:manage');
    expect(unmetNeed([need], configOnly)).toBe('needs an app token with apikeys:read and without apikeys:manage (none configured)');
    const reader = { ...target, fixtures: { ...target.fixtures, app_tokens: [{ token: 'tok_r', scopes: ['apikeys:read' as const] }] } };
    expect(unmetNeed([need], { target: reader, control: false })).toBeUndefined();
    expect(unmetNeed([tokenNeed({ with: ['apikeys:read', 'apikeys:manage'] })], { target: reader, control: false })).toMatch(/with apikeys:read, apikeys:manage/);
    expect(unmetNeed([need], { target, control: true })).toBeUndefined();
  });

  it('asks for a target setting the description leaves open, met by the config or the control API', () => {
    expect(unmetNeed(['setting:webhook_replay_path'], configOnly)).toMatch(/target setting webhook_replay_path/);
    expect(unmetNeed(['setting:webhook_replay_path'], { target: { ...target, targetSettings: { webhook_replay_path: '/r' } }, control: false })).toBeUndefined();
    expect(unmetNeed(['setting:dry_run_field'], { ...configOnly, targetSettings: { dry_run_field: 'preview' } })).toBeUndefined();
  });

  it('meets an organization unlike the configured one where the adapter makes organizations, though the files stand on the configured one', () => {
    const adapter: Offer = { target: { ...target, controlAdapter: 'a.mjs' }, control: false, controlOperations: ['createOrganization', 'setPlanFacts'] };
    expect(unmetNeed(['organization-without-payment-method', 'organization-with-a-per-number-cap', 'control'], adapter)).toBeUndefined();
    expect(unmetNeed(['spare-line'], adapter)).toMatch(/spare_lines/);
  });

  it('meets a removable line with a stated plan that buys', () => {
    const buying = { ...target, fixtures: { ...target.fixtures, plan: { number_purchase_enabled: true, payment_method: 'valid' as const } } };
    expect(unmetNeed(['removable-line'], configOnly)).toMatch(/removable_lines/);
    expect(unmetNeed(['removable-line'], { target: buying, control: false })).toBeUndefined();
  });
});
