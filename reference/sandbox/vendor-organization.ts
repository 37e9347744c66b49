// The organization a vendor's sandbox gives a new customer, made in the reference as a vendor's dashboard would
// (through the reference's control API, which plays the vendor's admin API here): two API keys, app tokens of the
// standard scope sets, a line of every kind (the primary key owns the native dedicated one), some lines nobody
// owns, numbers for sale, friends sharing their location, and a plan that may browse and buy with a card that pays.
// `mcs serve --sandbox --write-config` makes it; test/support/vendor-target.ts builds its set-ups on it.

export interface SandboxLine {
  id: string;
  address: string;
  alias: string | null;
  kind: string;
}

export interface VendorOrganization {
  organizationId: string;
  keys: { primary: string; secondary: string };
  tokens: { token: string; scopes: string[] }[];
  /** The plan as the vendor's dashboard set it. */
  plan: { number_purchase_enabled: true; payment_method: 'valid'; purchase_line_cap: 10; number_pools: true };
  /** A few of the numbers for sale, full (the sandbox's documentation would name its test stock). */
  stockSample: { phone_number: string; kind: 'shared' | 'dedicated' | 'inbound' }[];
  /** Every number for sale. */
  stock: { phone_number: string; kind: 'shared' | 'dedicated' | 'inbound' }[];
  /** Numbered lines nobody owns. */
  spareLines: SandboxLine[];
  /** Lines made for the removal checks, nobody owning them. */
  removableLines: SandboxLine[];
  locationFriends: string[];
}

/** A call of the reference's control API; the answer's `data` (`expected`: the status it must have, else any 2xx). */
export async function controlCall<T>(controlUrl: string, method: string, path: string, body: unknown, expected?: number): Promise<T> {
  const answer = await fetch(`${controlUrl}${path}`, { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (expected === undefined ? answer.status >= 300 : answer.status !== expected) throw new Error(`the reference's control API answered ${answer.status} to ${method} ${path}`);
  return ((await answer.json()) as { data: T }).data;
}

/** A numbered line of the organization that no key owns. */
export async function unownedLine(controlUrl: string, organizationId: string, alias: string | null, kind = 'native-dedicated-nocard'): Promise<SandboxLine> {
  const line = await controlCall<{ id: string; address: string; alias: string | null }>(controlUrl, 'POST', `/organizations/${organizationId}/channels`, { kind, owner_api_key: null, ...(alias === null ? {} : { alias }) }, 201);
  return { id: line.id, address: line.address, alias: line.alias, kind };
}

export interface OrganizationOptions {
  /** Plan facts beyond the dashboard's, not stated to the suite (a send cap, say). */
  unstatedPlan?: Record<string, unknown>;
}

const stockPerKind = 100;

export async function makeVendorOrganization(controlUrl: string, options: OrganizationOptions = {}): Promise<VendorOrganization> {
  const org = await controlCall<{
    organization_id: string;
    api_keys: { primary: { api_key: string }; secondary: { api_key: string } };
    app_tokens: { token: string; scopes: string[] }[];
  }>(controlUrl, 'POST', '/organizations', { name: 'Vendor sandbox' }, 201);
  const id = org.organization_id;
  const plan = { number_purchase_enabled: true, payment_method: 'valid', purchase_line_cap: 10, number_pools: true } as const;
  // Its ceiling of active keys leaves room for the checks that run side by side, each holding a key or two.
  await controlCall(controlUrl, 'PATCH', `/organizations/${id}/plan`, { ...plan, active_key_ceiling: 50, ...options.unstatedPlan }, 200);
  // Numbers of each kind for sale: what a run buys (its purchases complete, about 20 dedicated lines) leaves
  // enough to browse for a few runs more, and a walk of the stock stays short.
  const stock = (['shared', 'dedicated', 'inbound'] as const).flatMap((kind, k) =>
    Array.from({ length: stockPerKind }, (_, n) => ({ phone_number: `+1${['415', '212', '312'][k]}55${k}${String(n).padStart(4, '0')}`, kind })),
  );
  await controlCall(controlUrl, 'POST', `/organizations/${id}/inventory`, { numbers: stock.map((number) => ({ ...number, location: 'San Francisco, CA' })) });
  const removableLines: SandboxLine[] = [];
  for (let n = 0; n < 4; n++) removableLines.push(await unownedLine(controlUrl, id, null));
  const locationFriends = ['+14155550199', 'friend@example.com', 'friend-device-account'];
  for (const handle of locationFriends) await controlCall(controlUrl, 'POST', `/organizations/${id}/location-contacts`, { handle, name: 'Friend' });
  const spareLines: SandboxLine[] = [];
  for (const alias of ['spare-line-a', null, null, null, null]) spareLines.push(await unownedLine(controlUrl, id, alias));
  for (const alias of ['spare-sms-a', null, null]) spareLines.push(await unownedLine(controlUrl, id, alias, 'sms_provider'));
  for (const kind of ['native-inbound', 'native-shared']) spareLines.push(await unownedLine(controlUrl, id, null, kind));
  return {
    organizationId: id,
    keys: { primary: org.api_keys.primary.api_key, secondary: org.api_keys.secondary.api_key },
    tokens: org.app_tokens.map(({ token, scopes }) => ({ token, scopes })),
    plan,
    stockSample: [stock[0], stock[stockPerKind], stock[2 * stockPerKind]].filter((number) => number !== undefined),
    stock,
    spareLines,
    removableLines,
    locationFriends,
  };
}
