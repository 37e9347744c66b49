// The pure judges of harness/views: views compared field by field through the table's renames, sets and
// `only`, a field one view leaves out never a finding; replays compared with their original, purchases moving
// only along section 3's table.
import { describe, expect, it } from 'vitest';
import { viewsOf } from '../../spec/fields/views.js';
import { comparePurchase, compareReplay, compareViews, knownValues, purchaseMayMove } from './index.js';

const channel = viewsOf('Channel');
const key = viewsOf('ApiKey');

describe('compareViews', () => {
  it('finds nothing where every view that shows a field shows it alike (extra and missing fields aside)', () => {
    const findings = compareViews(key, [
      { view: 'created', object: { api_key: 'api_full', name: 'k', deprecated: false, created_at: 1 } },
      { view: 'item', object: { api_key: 'api_mask***', name: 'k', deprecated: false, created_at: 1, extra: 'x' } },
      { view: 'list-row', object: { name: 'k', deprecated: false } },
    ]);
    expect(findings).toEqual([]);
  });

  it('finds a list row disagreeing with the item, on the object\'s clause, at the list\'s exchange', () => {
    const exchange = { request: { method: 'GET' } } as never;
    const findings = compareViews(key, [
      { view: 'item', object: { name: 'k', deprecated: true } },
      { view: 'list-row', object: { name: 'k', deprecated: false }, exchange },
    ]);
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({ judge: 'views', clause: 'views.apikeys.list-agrees-with-item', field: 'deprecated', views: ['item', 'list-row'], exchange });
  });

  it('compares through renames and as sets, on the view\'s own clause', () => {
    const item = { id: 'ch_1', type: 'native', capabilities: { protocols: ['imessage', 'sms'], content: ['text'] } };
    const same = { channel_id: 'ch_1', type: 'native', capabilities: { protocols: ['sms', 'imessage'], content: ['text'], actions: ['react'] } };
    const fewer = { channel_id: 'ch_1', type: 'native', capabilities: { protocols: ['imessage'], content: ['text'] } };
    expect(compareViews(channel, [{ view: 'item', object: item }, { view: 'capabilities', object: same }])).toEqual([]);
    const findings = compareViews(channel, [{ view: 'item', object: item }, { view: 'capabilities', object: fewer }]);
    expect(findings.map((f) => [f.field, f.clause])).toEqual([['capabilities.protocols', 'channels.object.capabilities-shape']]);
  });

  it('leaves out what a view does not show (only) and compares a fixture\'s kind of line with v2 plan_kind', () => {
    const findings = compareViews(channel, [
      { view: 'fixture', object: { id: 'ch_1', address: '+14155550100', line_kind: 'inbound' } },
      { view: 'v2-number', object: { phone_number: '+14155550100', plan_kind: 'dedicated', is_active: true } },
    ]);
    expect(findings.map((f) => [f.field, f.clause])).toEqual([['line_kind', 'v2.numbers.item-shape']]);
  });

  it('knows the values a given reading shows, for the paths of the others', () => {
    expect(knownValues(channel, [{ view: 'fixture', object: { id: 'ch_1', address: '+1' } }], { owner: 'api_x' })).toEqual({ id: 'ch_1', address: '+1', owner: 'api_x' });
  });
});

describe('compareReplay and comparePurchase', () => {
  it('allows only the moves given, and compares only the fields both answers carry', () => {
    const rules = { clause: 'idempotency.send.retry-safe', moving: { status: () => true } };
    expect(compareReplay({ id: 'msg_1', status: 'queued', text: 'a' }, { id: 'msg_1', status: 'sent' }, rules)).toEqual([]);
    expect(compareReplay({ id: 'msg_1', text: 'a' }, { id: 'msg_2', text: 'a' }, rules).map((f) => f.field)).toEqual(['id']);
  });

  it('lets a purchase move along section 3 only', () => {
    expect(purchaseMayMove('provisioning', 'completed')).toBe(true);
    expect(purchaseMayMove('provisioning', 'pending')).toBe(true);
    expect(purchaseMayMove('provisioning', 'action_required')).toBe(false);
    expect(purchaseMayMove('completed', 'provisioning')).toBe(false);
    expect(purchaseMayMove('failed', 'completed')).toBe(false);
  });

  it('finds a replay in a state the purchase never had, and an action_url beside another status', () => {
    const first = { purchase_id: 'p1', status: 'provisioning', action_url: null };
    expect(comparePurchase(first, { purchase_id: 'p1', status: 'completed', allocations: [] }, 'purchases.create.replay-same-purchase', ['first', 'replay'])).toEqual([]);
    const findings = comparePurchase(first, { purchase_id: 'p1', status: 'action_required', action_url: 'https://pay.example/3ds' }, 'purchases.create.replay-same-purchase', ['first', 'replay']);
    expect(findings.map((f) => [f.field, f.clause])).toEqual([['status', 'purchases.create.replay-same-purchase']]);
    const stray = comparePurchase(first, { purchase_id: 'p1', status: 'provisioning', action_url: 'https://pay.example/3ds' }, 'c.d.e', ['first', 'replay']);
    expect(stray.map((f) => [f.field, f.clause])).toEqual([['action_url', 'purchases.object.action-url-when-action-required']]);
  });
});
