// Number purchases: the plan ids, the order checks of section 7, and the state moves of section 3.
import { httpError } from '../server/errors.js';
import type { EventBus } from '../server/event-bus.js';
import { addChannel, freshNumber } from './channels.js';
import { newId } from './ids.js';
import type { ChannelKind, LinePlan, Org, PurchaseRecord } from './types.js';

export const planLines: Record<string, LinePlan> = {
  shared_nc: 'shared',
  shared_com: 'shared',
  dedicated_com: 'dedicated',
  dedicated_ent: 'dedicated',
  inbound_basic: 'inbound',
};

const kindOfLine: Record<LinePlan, ChannelKind> = { shared: 'native-shared', dedicated: 'native-dedicated-nocard', inbound: 'native-inbound' };

export interface PurchaseOrder {
  plan: string;
  quantity: number;
  areaCodes: string[];
  zipCodes: string[];
}

/** Whether the organization already has a shared line, or a shared order that may still become one. */
export function hasSharedLine(org: Org): boolean {
  for (const channel of org.channels.values()) if (channel.type === 'native' && channel.plan === 'shared') return true;
  for (const purchase of org.purchases.values()) {
    if (planLines[purchase.plan] === 'shared' && purchase.status !== 'failed' && purchase.status !== 'completed') return true;
  }
  return false;
}

/**
 * Run the payment and create the purchase; throws the 402 errors. Emits action_required for 3DS. A card that
 * fails after acceptance (fails_after_acceptance) is accepted as a valid one: its purchase is provisioning
 * until the payment provider fails it (the control API's drivePurchase, or the sandbox's progress).
 */
export function placeOrder(org: Org, bus: EventBus, order: PurchaseOrder, idempotencyKey: string): PurchaseRecord {
  switch (org.plan.payment_method) {
    case 'absent':
      throw httpError(402, 'no_payment_method', 'The organization has no saved payment method');
    case 'declining':
      throw httpError(402, 'payment_failed', 'The card was declined');
    default:
  }
  const id = newId('pur');
  const sca = org.plan.payment_method === 'requires_3ds';
  const purchase: PurchaseRecord = {
    id,
    orgId: org.id,
    plan: order.plan,
    quantity: order.quantity,
    areaCodes: order.areaCodes,
    zipCodes: order.zipCodes,
    status: sca ? 'action_required' : 'provisioning',
    actionUrl: sca ? `https://payments.reference.invalid/3ds/${id}` : null,
    allocations: [],
    idempotencyKey,
    createdAt: org.now(),
  };
  org.purchases.set(id, purchase);
  org.charges.push({ purchase_id: id, idempotency_key: idempotencyKey });
  if (sca) {
    bus.emit(org, 'number.purchase.action_required', { purchase_id: id, status: purchase.status, action_url: purchase.actionUrl }, { messageId: null });
  }
  return purchase;
}

/** The payment provider confirms: lines are provisioned as native channels and the order completes. */
/** `emit` false leaves out the event (fault numbers.purchase.outcome-not-emitted). */
export function completePurchase(org: Org, bus: EventBus, purchase: PurchaseRecord, emit = true): void {
  assertOpen(purchase);
  const line = planLines[purchase.plan] ?? 'dedicated';
  for (let i = 0; i < purchase.quantity; i++) {
    const areaCode = purchase.areaCodes[i % Math.max(1, purchase.areaCodes.length)] ?? null;
    const address = takeFromInventory(org, line, areaCode) ?? freshNumber(areaCode ?? '415');
    const channel = addChannel(org, { kind: kindOfLine[line], address, planId: purchase.plan });
    purchase.allocations.push({ channel_id: channel.id, phone_number: channel.address, area_code: channel.address.slice(2, 5) });
  }
  purchase.status = 'completed';
  purchase.actionUrl = null;
  if (emit) bus.emit(org, 'number.purchase.completed', { purchase_id: purchase.id, status: 'completed', allocations: purchase.allocations }, { messageId: null });
}

export function failPurchase(org: Org, bus: EventBus, purchase: PurchaseRecord, emit = true): void {
  assertOpen(purchase);
  purchase.status = 'failed';
  purchase.actionUrl = null;
  if (emit) bus.emit(org, 'number.purchase.failed', { purchase_id: purchase.id, status: 'failed', error_code: 'provisioning_failed' }, { messageId: null });
}

function assertOpen(purchase: PurchaseRecord): void {
  if (purchase.status === 'completed' || purchase.status === 'failed') {
    throw httpError(409, 'invalid_state', `The purchase is already ${purchase.status}`);
  }
}

function takeFromInventory(org: Org, line: LinePlan, areaCode: string | null): string | null {
  const index = org.inventory.findIndex((n) => n.kind === line && (areaCode === null || n.phoneNumber.slice(2, 5) === areaCode) && !org.channelsByAddress.has(n.phoneNumber));
  if (index < 0) return null;
  const [taken] = org.inventory.splice(index, 1);
  return taken?.phoneNumber ?? null;
}
