// Every view agrees (issue 39 item 1), as the suites use it: the shared helpers that create or read an object
// (contacts, keys, channels, webhooks, purchases) read it through every other view the target offers
// (harness/views, spec/fields/views.yaml), so that every check standing on them judges it too; the checks of
// the views judge it on their own clauses. A disagreement fails the check on the clause it breaks (named as a
// read-back of the disagreeing view when that is another check's clause), at the exchange that showed it.
import { attribute } from '../../harness/check/attribution.js';
import { CheckFailure, currentJudging, type ApiClient, type ApiResponse, type CheckContext, type Fixtures } from '../../harness/check/index.js';
import { atExchange } from '../../harness/checks/failure.js';
import { comparePurchase, describeFindings, judgeViews, type Finding, type Reading, type ViewClients } from '../../harness/views/index.js';
import { unclaimedFeature } from '../../results/claims.js';
import { viewsOf } from '../../spec/fields/views.js';
import type { ChannelFixture } from '../../harness/fixtures/control-client.js';

export type ViewedObject = 'ApiKey' | 'Channel' | 'Contact' | 'Webhook' | 'Purchase' | 'Message';

export interface ViewsCall {
  /** What the check already has: the write's answer or request, the fixture. */
  given: Reading[];
  /** Values the views' requests name beyond the shared fields (`owner` of a channel, `apiKey` of a key). */
  known?: Record<string, string | undefined>;
  /** Views not to read. */
  skip?: readonly string[];
}

/** Objects judged in passing per check and kind: enough to judge every helper's object, bounded for property runs. */
export const judgedInPassing = 2;
const passing = new WeakMap<object, Map<ViewedObject, number>>();

/** The clients the views are read with: the primary key, an app token reading keys, v2 where the target has it. */
export function viewClients(t: CheckContext, fx: Fixtures): ViewClients {
  const clients: ViewClients = {};
  if (fx.hasApiKey('primary')) clients.key = fx.v4();
  const admin = fx.appTokens.find(({ scopes }) => scopes.includes('apikeys:read'));
  if (admin !== undefined) clients.admin = fx.v4(admin.token);
  if (t.target.v2Url !== undefined && fx.hasApiKey('primary') && claims(t, 'v2')) clients.v2 = fx.v2();
  return clients;
}

function claims(t: CheckContext, feature: string): boolean {
  return t.run.claims === undefined || t.run.claims.includes(feature);
}

/** Reads the object through every view the target offers; fails on the first disagreement (all of them named). */
export async function expectViewsAgree(t: CheckContext, clients: ViewClients, name: ViewedObject, call: ViewsCall): Promise<Reading[]> {
  const table = viewsOf(name);
  // A view of a feature the target does not claim (v2) is out of its certificate: not read.
  const unclaimed = table.views.filter((view) => view.clause !== undefined && unclaimedFeature({ id: 'views', clauses: [view.clause] }, t.run.claims) !== undefined).map((view) => view.view);
  const { readings, findings } = await judgeViews(table, { clients, given: call.given, known: call.known ?? {}, skip: [...(call.skip ?? []), ...unclaimed] });
  if (findings.length > 0) throw failureOf(name, findings, table.views.find((view) => view.view === findings[0]!.views?.[1])?.operation);
  return readings;
}

/**
 * The same from a shared helper, for the first objects of each kind a check makes: a check making many (a
 * property run) judges a few, and a check that leaves its answers to other areas (responses 'off') none.
 */
export async function viewsAgreeInPassing(t: CheckContext, clients: ViewClients, name: ViewedObject, call: ViewsCall): Promise<void> {
  if (takesOneInPassing(name)) await expectViewsAgree(t, clients, name, call);
}

/** Whether the running check may judge one more object of `name` in passing (and counts it). */
function takesOneInPassing(name: ViewedObject): boolean {
  const judging = currentJudging();
  if (judging === undefined || judging.mode === 'off') return false;
  const counts = passing.get(judging) ?? new Map<ViewedObject, number>();
  passing.set(judging, counts);
  const done = counts.get(name) ?? 0;
  if (done >= judgedInPassing) return false;
  counts.set(name, done + 1);
  return true;
}

/**
 * A purchase a check made (202) is the purchase a poll then reads: the same purchase_id, in a state that follows
 * the answer's (spec/fields/views.yaml Purchase; harness/views/replay.ts). In passing, for the first purchases of
 * a check; a poll the client may not make (its scopes) judges nothing.
 */
export async function purchaseViewsInPassing(client: ApiClient, answered: ApiResponse, pollPath: (id: string) => string): Promise<void> {
  const answer = isObject(answered.body) && isObject(answered.body.data) ? answered.body.data : undefined;
  if (answered.status !== 202 || typeof answer?.purchase_id !== 'string' || !takesOneInPassing('Purchase')) return;
  const read = await client.get(pollPath(answer.purchase_id));
  const polled = isObject(read.body) && isObject(read.body.data) ? read.body.data : undefined;
  if (read.status !== 200 || polled === undefined) return;
  const findings = comparePurchase(answer, polled, 'purchases.get.shape', ['the purchase answer', 'the poll']).map((finding) => ({ ...finding, exchange: read.exchange }));
  expectNoFindings('Purchase', findings, 'getNativeNumberPurchase');
}

/** The failure of a set of findings: the first one's clause, at its exchange; every finding in the message. */
export function failureOf(name: ViewedObject | string, findings: readonly Finding[], operation = 'views'): CheckFailure {
  const [first] = findings;
  if (first === undefined) throw new Error('failureOf needs a finding');
  const what = first.judge === 'replay' ? `a later answer about one ${name} does not follow the earlier one` : `the views of one ${name} disagree`;
  const failure = new CheckFailure(`${what}: ${describeFindings(findings)}`, first.expected, first.actual);
  return atExchange(attribute(failure, { clause: first.clause, operation, as: 'read-back' }), first.exchange);
}

/** Throws the failure of `findings`, when there is one. */
export function expectNoFindings(name: string, findings: readonly Finding[], operation?: string): void {
  if (findings.length > 0) throw failureOf(name, findings, operation);
}

/** The plan kind of a native line of the control API's kind (v2 `plan_kind`), undefined for other kinds. */
export function lineKindOf(kind: string): string | undefined {
  if (kind === 'native-shared') return 'shared';
  if (kind === 'native-inbound') return 'inbound';
  if (kind.startsWith('native-dedicated')) return 'dedicated';
  return undefined;
}

/** A channel as the fixtures made it (its id, type and address where known, and its kind of line). */
export function fixtureReading(channel: ChannelFixture): Reading {
  const object: Record<string, unknown> = { id: channel.id };
  if (channel.type !== '') object.type = channel.type;
  if (channel.address !== '') object.address = channel.address;
  const lineKind = lineKindOf(channel.kind);
  if (lineKind !== undefined) object.line_kind = lineKind;
  return { view: 'fixture', object };
}

/** Every view of a channel the fixtures made agrees (in passing): its owner's channel list read where it has one. */
export function channelViewsInPassing(t: CheckContext, fx: Fixtures, channel: ChannelFixture): Promise<void> {
  return viewsAgreeInPassing(t, viewClients(t, fx), 'Channel', { given: [fixtureReading(channel)], known: { owner: channel.owner_api_key ?? undefined } });
}

/**
 * Every view of a v2-registered webhook agrees with its registration (URL and type) and its creation answer: the
 * v2 list row and the v4 record (spec/fields/views.yaml Webhook). In passing, for the first webhooks of a check.
 */
export async function webhookViewsAgree(t: CheckContext, v2: ApiClient, webhook: { id: string | undefined; url: string; type: string; created: ApiResponse }, inPassing = false): Promise<Reading[]> {
  const answer = webhook.created.body;
  const created = isObject(answer) ? (isObject(answer.data) ? answer.data : answer) : undefined;
  const given: Reading[] = [{ view: 'registered', object: { webhook_url: webhook.url, webhook_type: webhook.type } }];
  if (created !== undefined) given.push({ view: 'created', object: created, exchange: webhook.created.exchange });
  const clients: ViewClients = { v2, key: t.v4.as(v2.credential) };
  const call = { given, known: { webhook_id: webhook.id } };
  if (!inPassing) return expectViewsAgree(t, clients, 'Webhook', call);
  await viewsAgreeInPassing(t, clients, 'Webhook', call);
  return given;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
