// Pre-flight: before any check, probe what the run will need and stop (exit 2, one line with a hint) when the
// answers show a misconfiguration rather than a target to judge: nothing answering at all (named: refused,
// hang, slow drip, reset), no v4 API where the base URL says (404 or an HTML page at …/v4/me; the likely
// base URL suggested), every configured key refused (or the key of another organization the config
// describes), or a control URL that is not the control API.
// A target that answers but answers badly (500s, garbage JSON) passes: judging it is the checks' job.
import { errorCodes, McsError } from '../../spec/errors.js';
import { v4Root } from '../config/resolve.js';
import type { TargetConfig } from '../config/types.js';
import { offeredOperations, openControl } from '../fixtures/control-access.js';
import { ControlAdapterError } from '../fixtures/control-adapter.js';
import { ControlError, type TargetSettings } from '../fixtures/control-client.js';
import { transportOf } from '../fixtures/clients.js';
import { maskUrl, secrets } from '../http/mask.js';
import { send, TransportError, type RawResponse } from '../http/transport.js';
import { joinUrl, requestRoot } from '../http/url.js';

export class TargetUnreachable extends McsError {
  override name = 'TargetUnreachable';
  override readonly code = errorCodes.unreachable;
}

export interface ProbeResult {
  /** True when the target can create organizations of the checks' own (createOrganization offered). */
  control: boolean;
  /** The control operations offered (undefined: no control API nor adapter). */
  controlOperations?: string[];
  /** What the control API announces for the description's silent spots (spec/control.openapi.yaml). */
  targetSettings?: TargetSettings;
}

export async function probeTarget(target: TargetConfig): Promise<ProbeResult> {
  await expectV4(target);
  if (target.v2Url !== undefined) {
    const url = joinUrl(target.v2Url, '/me/numbers');
    const response = await expectApi('v2 base URL', url, target);
    if (isNotTheApi(response)) throw new TargetUnreachable(`no v2 API at ${maskUrl(url)}: it answered ${describe(response)}; check --v2-base-url (the {v2_base_url} under which /me/numbers is served)`);
  }
  const keys = Object.values(target.fixtures.api_keys ?? {}).filter((key): key is string => typeof key === 'string');
  const checkKeys = async () => {
    if (keys.length > 0) await expectSomeKeyAccepted(target, keys, 'configured API key', 'the key is probably wrong (or for another environment)');
    // A wrong key of another organization would fail the checks that stand on it, as if the target were wrong.
    for (const [index, organization] of (target.fixtures.other_organizations ?? []).entries()) {
      await expectSomeKeyAccepted(target, [organization.api_key], `key of fixtures.other_organizations[${index}]`, 'the key is probably wrong (or for another organization)');
    }
  };
  if (target.controlUrl !== undefined && target.controlAdapter !== undefined) throw new TargetUnreachable('give a control URL or a control adapter, not both');
  const where = target.controlAdapter !== undefined ? `control adapter ${target.controlAdapter}` : `control URL ${maskUrl(target.controlUrl ?? '')}`;
  try {
    const control = await openControl(target);
    if (control === undefined) {
      await checkKeys();
      return { control: false };
    }
    const info = await control.info();
    if (!info) throw new TargetUnreachable(`${where}: not the control API (GET / must answer 200 with data.version '1'); check --control-url`);
    const operations = offeredOperations(info);
    const canCreate = operations.includes('createOrganization');
    if (canCreate) {
      // The fixtures every file will stand on: a control API that cannot make them stops the run here, once.
      const organization = await control.createOrganization({ name: 'mcs pre-flight' });
      secrets.add(organization.api_keys.primary.api_key);
      await expectSomeKeyAccepted(target, [organization.api_keys.primary.api_key], 'key the control API created', '--base-url and --control-url may point at different services');
    } else {
      await checkKeys();
    }
    return { control: canCreate, controlOperations: operations, targetSettings: info.targetSettings };
  } catch (error) {
    if (error instanceof TransportError) throw new TargetUnreachable(`${where}: ${withoutRequestLine(error.message)}`);
    if (error instanceof ControlError) throw new TargetUnreachable(`${where}: not usable as the control API: ${error.message}`);
    if (error instanceof ControlAdapterError) throw new TargetUnreachable(error.message);
    throw error;
  }
}

/** The pause before poll `attempt` (0-based) of a target still starting: doubling from 250 ms, at most 5 s. */
export function backoffMs(attempt: number): number {
  return Math.min(5_000, 250 * 2 ** Math.min(attempt, 10));
}

/** Answers of a proxy whose service behind it is not up yet: not the target answering. */
const notUpYet = new Set([502, 503, 504]);

export interface WaitOptions {
  /** Hears each URL still not answering, once, with why (for a progress line). */
  onWaiting?: (url: string, why: string) => void;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

/**
 * `--wait-for-target S`: polls every URL the run will use (v4, v2, the control API) with a bounded back-off
 * until each answers (any HTTP status but a proxy's 502/503/504), for at most `seconds`; the pre-flight then
 * judges the answers as it always does. A target that never answers stops the run (exit 2) with the last
 * reason. Without the flag there is no wait: the pre-flight fails fast.
 */
export async function waitForTarget(target: TargetConfig, seconds: number, options: WaitOptions = {}): Promise<void> {
  const now = options.now ?? (() => Date.now());
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const deadline = now() + seconds * 1000;
  const urls = [joinUrl(target.v4Url, '/me'), ...(target.v2Url === undefined ? [] : [joinUrl(target.v2Url, '/me/numbers')]), ...(target.controlUrl === undefined ? [] : [joinUrl(target.controlUrl, '/')])];
  for (const url of urls) {
    for (let attempt = 0; ; attempt++) {
      const left = deadline - now();
      const why = await notAnswering(url, Math.max(500, Math.min(target.timeoutMs, left)));
      if (why === undefined) break;
      if (attempt === 0) options.onWaiting?.(maskUrl(url), why);
      if (now() + backoffMs(attempt) > deadline) throw new TargetUnreachable(`the target did not answer within --wait-for-target ${seconds} s: GET ${maskUrl(url)}: ${why}`);
      await sleep(backoffMs(attempt));
    }
  }
}

/** Why a URL does not answer yet, or undefined once it does. */
async function notAnswering(url: string, timeoutMs: number): Promise<string | undefined> {
  try {
    const response = await send({ method: 'GET', url, headers: { accept: 'application/json' } }, { timeoutMs });
    return notUpYet.has(response.status) ? `answered ${response.status}` : undefined;
  } catch (error) {
    if (error instanceof TransportError) return withoutRequestLine(error.message);
    throw error;
  }
}

async function expectV4(target: TargetConfig): Promise<void> {
  const url = joinUrl(target.v4Url, '/me');
  const response = await expectApi('base URL', url, target);
  if (!isNotTheApi(response)) return;
  const hint = await likelyBaseUrl(target);
  throw new TargetUnreachable(`no v4 API at ${maskUrl(url)}: it answered ${describe(response)}; ${hint}`);
}

/** An answer that shows no API is there: 404 on /me, or a web page. */
function isNotTheApi(response: RawResponse): boolean {
  return response.status === 404 || isHtml(response);
}

function isHtml(response: RawResponse): boolean {
  return /text\/html/i.test(response.headers['content-type'] ?? '') || /^\s*</.test(response.text.slice(0, 100));
}

function describe(response: RawResponse): string {
  return `${response.status}${isHtml(response) ? ' with an HTML page' : ''}`;
}

/** Where v4 may really be: at the root of the given URL (no /v4 prefix), or under /v4 of a shorter path. */
async function likelyBaseUrl(target: TargetConfig): Promise<string> {
  const given = new URL(target.baseUrl);
  const segments = given.pathname.split('/').filter((s) => s !== '' && s !== 'v4');
  const candidates: Array<{ probe: string; advice: string }> = [];
  for (let keep = segments.length - 1; keep >= 0; keep--) {
    const base = `${given.protocol}//${given.host}/${segments.slice(0, keep).join('/')}`.replace(/\/$/, '');
    candidates.push({ probe: joinUrl(v4Root(base), '/me'), advice: `try --base-url ${maskUrl(base)}` });
  }
  const bare = requestRoot(target.baseUrl).replace(/\/v4(?=$|\?)/, '');
  candidates.push({ probe: joinUrl(bare, '/me'), advice: `the API answers at ${maskUrl(joinUrl(bare, '/me'))}, without the /v4 prefix the description puts under {base_url}: give the URL under which /v4 is served` });
  for (const candidate of candidates) {
    const response = await send({ method: 'GET', url: candidate.probe, headers: { accept: 'application/json' } }, transportOf(target)).catch(() => undefined);
    if (response && looksLikeTheApi(response)) return candidate.advice;
  }
  return 'check --base-url: it is the {base_url} under which /v4 is served';
}

/** GET /me without credentials on the API answers 401 with a JSON error body. */
function looksLikeTheApi(response: RawResponse): boolean {
  if (response.status !== 401 && response.status !== 200) return false;
  try {
    return typeof JSON.parse(response.text) === 'object';
  } catch {
    return false;
  }
}

async function expectSomeKeyAccepted(target: TargetConfig, keys: readonly string[], what: string, hint: string): Promise<void> {
  const url = joinUrl(target.v4Url, '/me');
  let refused = 0;
  for (const key of keys) {
    const response = await expectApi('base URL', url, target, key);
    if (response.status === 401) refused++;
  }
  if (refused === keys.length) throw new TargetUnreachable(`every ${what} was refused with 401 by GET ${maskUrl(url)}: ${hint}`);
}

async function expectApi(what: string, url: string, target: TargetConfig, key?: string): Promise<RawResponse> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (key !== undefined) headers.authorization = `Bearer ${key}`;
  try {
    return await send({ method: 'GET', url, headers }, transportOf(target));
  } catch (error) {
    if (error instanceof TransportError) throw new TargetUnreachable(`${what} unreachable: GET ${maskUrl(url)}: ${withoutRequestLine(error.message)}`);
    throw error;
  }
}

function withoutRequestLine(message: string): string {
  return message.replace(/^[A-Z]+ \S+: /, '');
}
