// Number browsing and purchases as the numbers and idempotency suites use them. Purchases are billable, so
// every check that buys needs the control API (a sandbox organization whose plan and card it sets).
import { randomUUID } from 'node:crypto';
import type { ApiClient, ApiResponse, CheckContext, Fixtures } from '../../harness/check/index.js';
import type { PlanFacts } from '../../harness/fixtures/control-client.js';
import { dataOf } from './contacts.js';
import { configuredWithPlan } from './stated-plan.js';
import { uniquePhone } from './values.js';
import { purchaseViewsInPassing } from './views.js';

export const purchasesPath = '/channels/native/purchases';
export const availablePath = '/channels/native/available';
export const planIds = ['shared_nc', 'shared_com', 'dedicated_com', 'dedicated_ent', 'inbound_basic'] as const;

export interface PurchaseAccepted {
  purchase_id: string;
  status: string;
  /** A string when status is action_required; null or absent otherwise (spec/AMBIGUITIES.md v4 13). */
  action_url?: string | null;
  allocations?: unknown[];
}

export interface PurchaseOrder {
  plan: unknown;
  quantity?: unknown;
  area_codes?: string[];
  zip_codes?: string[];
}

export function newIdempotencyKey(): string {
  return `mcs-${randomUUID()}`;
}

/**
 * POST /channels/native/purchases with the given key (`null`: no Idempotency-Key header at all). An accepted
 * purchase is then polled, in passing, and must be the purchase answered (suites/_shared/views.ts).
 */
export async function purchase(client: ApiClient, order: PurchaseOrder, key: string | null = newIdempotencyKey()): Promise<ApiResponse> {
  const response = await client.post(purchasesPath, key === null ? { json: order } : { json: order, idempotencyKey: key });
  await purchaseViewsInPassing(client, response, (id) => `${purchasesPath}/${encodeURIComponent(id)}`);
  return response;
}

export function pollPurchase(client: ApiClient, purchaseId: string): Promise<ApiResponse> {
  return client.get(`${purchasesPath}/${encodeURIComponent(purchaseId)}`);
}

export function purchaseOf(response: ApiResponse): PurchaseAccepted {
  return dataOf<PurchaseAccepted>(response);
}

/**
 * An organization that can buy numbers (need `buying-organization`): with the control API one of the check's
 * own, the feature on, a valid card, no channels (so no shared line yet), with `plan` applied on top; without
 * it the configured organization, when its stated plan facts are these.
 */
export async function buyingOrganization(t: CheckContext, plan: Partial<PlanFacts> = {}): Promise<Fixtures> {
  const wanted: Partial<PlanFacts> = { number_purchase_enabled: true, payment_method: 'valid', ...plan };
  if (t.hasControl) return t.freshOrganization({ with_channels: false, plan: wanted });
  return configuredWithPlan(t, wanted);
}

/**
 * Where a check fails a purchase in provisioning: with drivePurchase, a fresh buying organization (a valid card)
 * whose purchase the control API fails, as before; else an organization whose card is accepted and then fails
 * (need `organization-whose-purchases-fail`), whose payment provider fails it on its own: one of the check's
 * own with createOrganization, or one the config file's fixtures.other_organizations states so.
 */
export async function failingPurchaseOrganization(t: CheckContext): Promise<Fixtures> {
  if (t.hasControl) {
    const fx = await buyingOrganization(t);
    if (fx.controlOffers('drivePurchase')) return fx;
  }
  return t.otherOrganization('organization-whose-purchases-fail');
}

/** Whether `fx` is the vendor's configured organization, which may already hold lines and whose purchases a payment provider may confirm at once. */
export function isConfigured(fx: Fixtures): boolean {
  return fx.source === 'config';
}

export interface Charge {
  purchase_id: string;
  idempotency_key: string;
}

/** The charges the control API observed, optionally only those of one idempotency key. */
export async function charges(fx: Fixtures, key?: string): Promise<Charge[]> {
  const all = await fx.control().call<Charge[]>('GET', '/charges');
  return key === undefined ? all : all.filter((c) => c.idempotency_key === key);
}

/**
 * How many charges `fx`'s organization has, where they can be seen: an organization of the check's own whose
 * control API offers listCharges. Undefined elsewhere (a configured organization's charges are not shown, and
 * other checks buy there): a refusal is then judged by its answer alone.
 */
export async function chargesSeen(fx: Fixtures): Promise<number | undefined> {
  return fx.source === 'control' && fx.controlOffers('listCharges') ? (await charges(fx)).length : undefined;
}

/** Where charges can be seen, that none was made since `before` (chargesSeen's count) by the refused `what`. */
export async function expectNoChargeSince(t: CheckContext, fx: Fixtures, before: number | undefined, what: string): Promise<void> {
  if (before !== undefined) t.expect.that(await chargesSeen(fx), `charges after ${what}`).toBe(before);
}

export interface StockNumber {
  phone_number: string;
  kind: 'shared' | 'dedicated' | 'inbound';
}

/** Puts fresh US numbers of the given kind and area code in stock; answers the full numbers. */
export async function seedStock(fx: Fixtures, kind: StockNumber['kind'], areaCode: string, count: number): Promise<string[]> {
  const numbers = Array.from({ length: count }, () => `+1${areaCode}${uniquePhone().slice(-7)}`);
  await fx.control().call('POST', '/inventory', { numbers: numbers.map((phone_number) => ({ phone_number, kind, location: 'San Francisco, CA' })) });
  return numbers;
}

/** Area codes that are real US codes, for quotes; distinct per call so stock never carries over. */
const areaCodes = ['201', '212', '213', '303', '305', '312', '404', '415', '503', '512', '602', '617', '702', '713', '808', '917'];
export function pickAreaCodes(count: number): string[] {
  const pool = [...areaCodes];
  const picked: string[] = [];
  while (picked.length < count && pool.length > 0) picked.push(pool.splice(Math.floor(Math.random() * pool.length), 1)[0] as string);
  return picked;
}

/**
 * Turns the number purchase feature on for the file's organization (the control API's plan facts give it no
 * default, and browsing and buying need it). Without a control API: whether the plan facts say it is on.
 */
export async function ensurePurchaseFeature(t: { hasControl: boolean }, fx: Fixtures): Promise<boolean> {
  if (!t.hasControl) return fx.plan?.number_purchase_enabled === true;
  await fx.control().setPlan({ number_purchase_enabled: true });
  return true;
}
