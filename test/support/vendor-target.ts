// A target as a vendor would certify it: the reference started in-process, one organization set up out of
// band (through the reference's control API, as a vendor would through its dashboard), and a target.yaml
// (harness/config/config.schema.json) that gives its keys, tokens and channels but no control URL.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { stringify } from 'yaml';
import { startReference } from '../../reference/index.js';
import { referenceTargetEnv } from '../../reference/target-settings.js';
import { sandboxRecipients } from '../../reference/sandbox/progress.js';
import { controlCall, unownedLine } from '../../reference/sandbox/vendor-organization.js';
import { resolveRunSettings } from '../../harness/config/resolve.js';
import type { SpareLine, SpareLineKind } from '../../harness/config/types.js';
import type { OrganizationFixtures } from '../../harness/fixtures/control-client.js';
import { runCertification } from '../../harness/runner/certification.js';
import { probeTarget } from '../../harness/runner/probe.js';
import { prepareRun } from '../../harness/discovery/run.js';
import type { RunReport } from '../../results/model.js';
import { targetTimeoutMs, timeLimit } from './pace.js';
import { savedEnv } from './saved-env.js';

export type VendorFixtures = 'keys-only' | 'no-owners' | 'full';

export interface VendorTarget {
  configPath: string;
  baseUrl: string;
  /** The reference's control API (not in target.yaml): for tests that adapt it. */
  controlUrl: string;
  /** The organization target.yaml describes, as the control API names it. */
  organizationId: string;
  close(): Promise<void>;
}

/** The fixtures of target.yaml, for a test that describes the sandbox wrongly on purpose. */
export type ConfigEdit = (fixtures: Record<string, unknown>) => void;

export interface VendorOptions {
  dir: string;
  fixtures: VendorFixtures;
  faults?: string[];
  edit?: ConfigEdit;
  /** Whether the sandbox moves on by itself (default true): its carrier sends and delivers, its payment provider confirms purchases. */
  movesOnItsOwn?: boolean;
  /** Plan facts of the sandbox organization beyond those the vendor states in target.yaml (its send caps, say). */
  unstatedPlan?: Record<string, unknown>;
}

export async function startVendorTarget(options: VendorOptions): Promise<VendorTarget> {
  const moves = options.movesOnItsOwn ?? true;
  const reference = await startReference({ log: () => {}, faults: options.faults ?? [], sandbox: moves });
  try {
    // The sandbox has a channel of every kind; 'keys-only' just does not tell the config about them.
    const org = await controlOrganization(reference.urls.control, { name: 'Vendor sandbox' });
    // As a vendor would in its dashboard: the sandbox may buy numbers, with a card that pays, and has number pools.
    const plan = { number_purchase_enabled: true, payment_method: 'valid', purchase_line_cap: 10, number_pools: true } as const;
    // Its ceiling of active keys is raised for the run, as the reason of a check that waited it out advises:
    // checks running side by side each hold a key or two of their own.
    await controlCall(reference.urls.control, 'PATCH', `/organizations/${org.organization_id}/plan`, { ...plan, active_key_ceiling: 50, ...options.unstatedPlan }, 200);
    // ... and has numbers for sale, 60 of each kind: what a run buys (its purchases complete, and take their
    // lines from stock) leaves some to browse.
    const stock = ['shared', 'dedicated', 'inbound'].flatMap((kind, k) => Array.from({ length: 60 }, (_, n) => ({ phone_number: `+1${['415', '212', '312'][k]}555${k}${String(n).padStart(3, '0')}`, kind, location: 'San Francisco, CA' })));
    await controlCall(reference.urls.control, 'POST', `/organizations/${org.organization_id}/inventory`, { numbers: stock });
    // ... and four lines the removal checks may remove for good.
    const removableLines = [];
    for (let n = 0; n < 4; n++) removableLines.push(await spareLine(reference.urls.control, org.organization_id, null));
    // ... and friends sharing their location with its linked device, by phone, email and device account.
    const locationFriends = ['+14155550199', 'friend@example.com', 'friend-device-account'];
    for (const handle of locationFriends) await controlCall(reference.urls.control, 'POST', `/organizations/${org.organization_id}/location-contacts`, { handle, name: 'Friend' });
    // ... and a few numbered lines nobody owns, which the checks may move between keys of their own: native
    // ones, SMS lines for the routing checks' priorities, and an inbound and a shared one.
    const spareLines = [];
    for (const alias of ['spare-line-a', null, null, null, null]) spareLines.push(await spareLine(reference.urls.control, org.organization_id, alias));
    for (const alias of ['spare-sms-a', null, null]) spareLines.push(await spareLine(reference.urls.control, org.organization_id, alias, 'sms_provider'));
    for (const kind of ['native-inbound', 'native-shared'] as const) spareLines.push(await spareLine(reference.urls.control, org.organization_id, null, kind));
    // ... and more sandbox organizations, without lines of their own: one with the purchase feature off, one
    // without a card, one whose card needs 3DS, one whose card is declined, one without number pools whose app
    // tokens and two spare lines the config gives, and a plain one with its app tokens and a spare line.
    const otherOrganizations = [];
    for (const plan of [{ number_purchase_enabled: false, payment_method: 'valid' }, { number_purchase_enabled: true, payment_method: 'absent' }, { number_purchase_enabled: true, payment_method: 'requires_3ds' }, { number_purchase_enabled: true, payment_method: 'declining' }] as const) {
      const other = await controlOrganization(reference.urls.control, { name: 'Vendor sandbox, other', with_channels: false, plan });
      otherOrganizations.push({ api_key: other.api_keys.primary.api_key, plan, active_numbers: false });
    }
    // ... and one whose card is accepted and then fails: its provider fails each purchase in provisioning.
    const failing = await controlOrganization(reference.urls.control, { name: 'Vendor sandbox, failing card', with_channels: false, plan: { number_purchase_enabled: true, payment_method: 'fails_after_acceptance' } });
    otherOrganizations.push({ api_key: failing.api_keys.primary.api_key, plan: { number_purchase_enabled: true, payment_method: 'fails_after_acceptance' } });
    // ... and three whose send caps the cap checks run into, each stated, with the lines its primary key sends from.
    for (const [plan, kinds] of [
      [{ outbound_cap_per_organization: 2 }, ['native-dedicated']],
      [{ outbound_cap_per_number: 1 }, ['native-dedicated', 'sms_provider']],
      [{ new_conversation_cap: 1 }, ['native-shared']],
    ] as const) {
      const capped = await controlOrganization(reference.urls.control, { name: 'Vendor sandbox, capped', with_channels: false, plan });
      const primary = capped.api_keys.primary.api_key;
      const channels: Record<string, { id: string; address: string; owner: 'primary' }> = {};
      for (const kind of kinds) {
        const line = await controlCall<{ id: string; address: string }>(reference.urls.control, 'POST', `/organizations/${capped.organization_id}/channels`, { kind, owner_api_key: primary }, 201);
        channels[kind] = { id: line.id, address: line.address, owner: 'primary' };
      }
      otherOrganizations.push({ api_key: primary, organization_id: capped.organization_id, plan, channels });
    }
    const poolless = await controlOrganization(reference.urls.control, { name: 'Vendor sandbox, no pools', with_channels: false, plan: { number_pools: false } });
    otherOrganizations.push({
      api_key: poolless.api_keys.primary.api_key,
      plan: { number_pools: false },
      app_tokens: tokensOf(poolless),
      spare_lines: [await spareLine(reference.urls.control, poolless.organization_id, null), await spareLine(reference.urls.control, poolless.organization_id, null)],
    });
    const plain = await controlOrganization(reference.urls.control, { name: 'Vendor sandbox, plain', with_channels: false });
    otherOrganizations.push({ api_key: plain.api_keys.primary.api_key, app_tokens: tokensOf(plain), spare_lines: [await spareLine(reference.urls.control, plain.organization_id, null)] });
    // ... and one for the key-ceiling check alone, its ceiling stated and its one active key given.
    const ceiling = await controlOrganization(reference.urls.control, { name: 'Vendor sandbox, key ceiling', with_channels: false, plan: { active_key_ceiling: 5 } });
    const ceilingTokens = tokensOf(ceiling);
    // Through the public API, as a vendor would: a reference with faults may refuse it (then two keys stay active).
    const deprecated = await deprecateKey(reference.urls.base, ceilingTokens, ceiling.api_keys.secondary.api_key);
    if (!deprecated && (options.faults ?? []).length === 0) throw new Error("the reference refused to deprecate the key-ceiling organization's secondary key");
    otherOrganizations.push({ api_key: ceiling.api_keys.primary.api_key, plan: { active_key_ceiling: 5 }, app_tokens: ceilingTokens });
    // ... and one anything may be written to, with a channel of every kind, for the robustness checks' valid writes.
    const disposable = await controlOrganization(reference.urls.control, { name: 'Vendor sandbox, disposable' });
    otherOrganizations.push({ api_key: disposable.api_keys.primary.api_key, disposable: true, ...fixturesOf(disposable, 'full', ['app_tokens', 'channels']) });
    const configPath = join(options.dir, 'target.yaml');
    const config = {
      base_url: reference.urls.base,
      v2_base_url: reference.urls.v2,
      fixtures: { organization_id: org.organization_id, ...fixturesOf(org, options.fixtures), ...(options.fixtures === 'full' ? { plan, stock: stock.map(({ phone_number, kind }) => ({ phone_number, kind })), spare_lines: spareLines, removable_lines: removableLines, location_friends: locationFriends, ...(moves ? { test_recipients: { ...sandboxRecipients } } : {}), other_organizations: otherOrganizations } : {}) },
    };
    options.edit?.(config.fixtures);
    await writeFile(configPath, stringify(config));
    return { configPath, baseUrl: reference.urls.base, controlUrl: reference.urls.control, organizationId: org.organization_id, close: () => reference.close() };
  } catch (error) {
    await reference.close();
    throw error;
  }
}


/** Deprecates a key through the public API, as the vendor's dashboard would; whether the reference did. */
async function deprecateKey(baseUrl: string, tokens: readonly { token: string; scopes: string[] }[], apiKey: string): Promise<boolean> {
  const manager = tokens.find(({ scopes }) => scopes.includes('apikeys:manage'));
  const answer = await fetch(`${baseUrl}/v4/api-keys/${encodeURIComponent(apiKey)}`, { method: 'DELETE', headers: { authorization: `Bearer ${manager?.token ?? ''}` } });
  return answer.status < 300;
}

/** An organization's app tokens as target.yaml gives them: each token with its scopes. */
function tokensOf(org: OrganizationFixtures): { token: string; scopes: string[] }[] {
  return org.app_tokens.map(({ token, scopes }) => ({ token, scopes }));
}

function controlOrganization(controlUrl: string, options: Record<string, unknown>): Promise<OrganizationFixtures> {
  return controlCall(controlUrl, 'POST', '/organizations', options, 201);
}

/** A numbered line of the organization that no key owns, as target.yaml's spare_lines give it (kind only when not native dedicated). */
async function spareLine(controlUrl: string, organizationId: string, alias: string | null, kind: SpareLineKind = 'native-dedicated-nocard'): Promise<SpareLine> {
  const line = await unownedLine(controlUrl, organizationId, alias, kind);
  return { id: line.id, address: line.address, alias: line.alias, ...(kind === 'native-dedicated-nocard' ? {} : { kind }) };
}

function fixturesOf(org: OrganizationFixtures, kind: VendorFixtures, only?: readonly ('api_keys' | 'app_tokens' | 'channels')[]) {
  const keys = { primary: org.api_keys.primary.api_key, secondary: org.api_keys.secondary.api_key };
  const ownerOf = (apiKey: string | null) => (apiKey === keys.primary ? 'primary' : apiKey === keys.secondary ? 'secondary' : null);
  const channels = Object.fromEntries(
    org.channels.map((channel) => [
      channel.kind,
      {
        id: channel.id,
        address: channel.address,
        alias: channel.alias,
        ...(kind === 'full' ? { owner: ownerOf(channel.owner_api_key) } : {}),
      },
    ]),
  );
  const all = { api_keys: keys, app_tokens: tokensOf(org), ...(kind === 'keys-only' ? {} : { channels }) };
  return only === undefined ? all : Object.fromEntries(Object.entries(all).filter(([field]) => (only as readonly string[]).includes(field)));
}

/** How a vendor target is certified: an adapter, --only, the seed, and looks at the target around the run. */
export interface CertifyOptions {
  seed?: number;
  controlAdapter?: (vendor: VendorTarget) => { path: string; env: Record<string, string> };
  only?: string[];
  /** Acts on the target before the run, as an earlier run or the vendor would. */
  beforeRun?: (vendor: VendorTarget) => Promise<void>;
  /** Looks at the target after the run, before it is stopped. */
  afterRun?: (vendor: VendorTarget) => Promise<void>;
  /** Finds and checks the fixtures before the run, as `mcs certify` does (harness/discovery/run.ts). */
  discover?: boolean;
  /** The run's --timeout, and so its delivery wait; by default what a sandbox on this machine needs now (targetTimeoutMs). */
  timeoutMs?: number;
}

/** Certifies a vendor target as `mcs certify --config target.yaml` would (options: faults of the reference, a changed target.yaml, a sandbox that does not move on). */
export async function certifyVendor(
  fixtures: VendorFixtures,
  options: CertifyOptions & {
    faults?: string[];
    /** Changes target.yaml's fixtures before the run. */
    edit?: ConfigEdit;
    movesOnItsOwn?: boolean;
    unstatedPlan?: Record<string, unknown>;
  } = {},
): Promise<RunReport> {
  const dir = await mkdtemp(join(tmpdir(), 'mcs-vendor-'));
  const { faults, edit, movesOnItsOwn, unstatedPlan } = options;
  const vendor = await startVendorTarget({ dir, fixtures, ...(faults ? { faults } : {}), ...(edit ? { edit } : {}), ...(movesOnItsOwn === undefined ? {} : { movesOnItsOwn }), ...(unstatedPlan ? { unstatedPlan } : {}) });
  try {
    return await certifyTarget(vendor, fixtures, options);
  } finally {
    await vendor.close();
    await rm(dir, { recursive: true, force: true });
  }
}

/** Certifies a started vendor target, which stays up (a vendor may certify the same sandbox again). */
export async function certifyTarget(vendor: VendorTarget, fixtures: VendorFixtures, options: CertifyOptions = {}): Promise<RunReport> {
  const adapter = options.controlAdapter?.(vendor);
  // With the full fixtures the vendor also names what the description leaves to the target (the replay
  // endpoint, the dry-run field, the invitation field), as `mcs serve` prints them.
  const env = { ...(fixtures === 'full' ? referenceTargetEnv : {}), ...adapter?.env };
  const restoreEnv = savedEnv(Object.keys(env));
  Object.assign(process.env, env);
  try {
    const resolved = (await resolveRunSettings({ flags: adapter ? { 'control-adapter': adapter.path } : {}, env: {}, configPath: vendor.configPath })).target;
    if (resolved === undefined) throw new Error('target.yaml named no base URL');
    // As `mcs certify --timeout` would: what a sandbox on this machine needs now (slowTargetRun), unless given.
    const configured = { ...resolved, timeoutMs: options.timeoutMs ?? targetTimeoutMs() };
    await options.beforeRun?.(vendor);
    const { target, probed } = options.discover === true ? await prepareRun(configured, await probeTarget(configured), false, () => {}) : { target: configured, probed: undefined };
    const { report } = await runCertification({ target, ...(probed === undefined ? {} : { probed }), embedded: false, seed: options.seed ?? 19, selection: { only: options.only ?? [], skip: [] } });
    await options.afterRun?.(vendor);
    return report;
  } finally {
    restoreEnv();
  }
}

/** The worked adapter (docs/control-adapter.md): the vendor's sandbox reached under its own names, offering simulateInboundMessage and advanceClock. */
export const sandboxAdapter = (vendor: VendorTarget) => ({
  path: 'test/control-adapter/sandbox-adapter.mjs',
  env: { SANDBOX_URL: vendor.controlUrl, SANDBOX_ORG: vendor.organizationId },
});

/**
 * The worked adapter of the rung "organizations through the adapter" (reference/sandbox/vendor-adapter.mjs),
 * offering only createOrganization and setPlanFacts, bound to the vendor's sandbox in a module of its own.
 */
export const organizationsAdapter = (vendor: VendorTarget) => workedAdapter(vendor, ['createOrganization', 'setPlanFacts']);

/** The worked adapter of the rung "inbound messages and the clock": organizations, plans, inbound messages, the clock. */
export const inboundAndClockAdapter = (vendor: VendorTarget) => workedAdapter(vendor, ['createOrganization', 'setPlanFacts', 'simulateInboundMessage', 'advanceClock']);

function workedAdapter(vendor: VendorTarget, operations: readonly string[]): { path: string; env: Record<string, string> } {
  const path = join(dirname(vendor.configPath), `adapter-${operations.length}.mjs`);
  const worked = fileURLToPath(new URL('../../reference/sandbox/vendor-adapter.mjs', import.meta.url));
  const bound = `sandboxAdapter(${JSON.stringify(vendor.controlUrl)}, ${JSON.stringify(vendor.organizationId)}, ${JSON.stringify(operations)})`;
  writeFileSync(path, `import { sandboxAdapter } from ${JSON.stringify(worked)};\nexport const { ${operations.join(', ')} } = ${bound};\n`);
  return { path, env: {} };
}

/** Verified clauses / testable clauses of a run (a clause is verified when every check citing it passed). */
export function verifiedShare(report: RunReport): { verified: number; testable: number; share: number } {
  const testable = report.coverage.filter((clause) => clause.result !== 'untestable');
  const verified = testable.filter((clause) => clause.result === 'passed').length;
  return { verified, testable: testable.length, share: verified / testable.length };
}

/** The checks that failed, each as `id: message`. */
export function failuresOf(report: RunReport): string[] {
  return report.checks.filter((check) => check.outcome === 'failed').map((check) => `${check.id}: ${check.failure?.message ?? ''}`);
}

/**
 * How a test certifies a sandbox through the CLI on this machine: with the --timeout (and so the delivery wait)
 * its carrier needs at this machine's pace, and a --max-duration never below certify's default; the command's
 * own limit (`timeoutMs`, for runMcs) outlasts that bound.
 */
export function slowTargetRun(): { flags: string[]; timeoutMs: number } {
  const boundMs = Math.max(900_000, timeLimit({ certifications: 1 }));
  return { flags: ['--timeout', String(targetTimeoutMs()), '--max-duration', String(Math.ceil(boundMs / 1000))], timeoutMs: boundMs + timeLimit({ mcsRuns: 1 }) };
}
