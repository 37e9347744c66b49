// The fixtures of a run against a vendor's target, before any check runs: what the config leaves out is found
// through the public API (discover.ts), and everything it states is held against the sandbox (preflight.ts).
// `mcs certify` and `mcs doctor` print what came of it; the run then stands on fixtures found true.
import type { TargetConfig } from '../config/types.js';
import { discover, type Discovery } from './discover.js';
import { withDiscovered } from './fixtures.js';
import { checkFixtures } from './preflight.js';

export interface Prepared {
  target: TargetConfig;
  /** What was found through the public API (one line), when anything was looked for. */
  found?: string;
  /** What is used up or wrong, one line each. */
  problems: string[];
  discovery?: Discovery;
}

/**
 * Discovers and checks the fixtures of the organization the config names by its primary key. A target whose
 * organizations the control API makes (no key configured) is left as it is.
 */
export async function prepareTarget(target: TargetConfig): Promise<Prepared> {
  const primary = target.fixtures.api_keys?.primary;
  if (primary === undefined) return { target, problems: [] };
  const given = target.fixtures;
  const discovery = await discover(target, primary, (given.app_tokens ?? []).map(({ token }) => token));
  const { fixtures, problems } = await checkFixtures(target, withDiscovered(given, discovery), discovery);
  return { target: { ...target, fixtures }, found: describeFound(given, fixtures), problems, discovery };
}

/** One line: what discovery added to what the config gave. */
function describeFound(given: TargetConfig['fixtures'], used: TargetConfig['fixtures']): string {
  const parts: string[] = [];
  if (given.channels === undefined && used.channels !== undefined) parts.push(`${Object.keys(used.channels).length} channel kind(s)`);
  if (given.spare_lines === undefined && used.spare_lines !== undefined) parts.push(`${used.spare_lines.length} spare line(s)`);
  if (given.location_friends === undefined && used.location_friends !== undefined) parts.push(`${used.location_friends.length} location friend(s)`);
  if (given.organization_id === undefined && used.organization_id !== undefined) parts.push('the organization id');
  if (given.plan?.number_purchase_enabled === undefined && used.plan?.number_purchase_enabled !== undefined) parts.push(`plan.number_purchase_enabled: ${String(used.plan.number_purchase_enabled)}`);
  return parts.length === 0 ? 'found nothing the config does not give' : `found through the public API: ${parts.join(', ')}`;
}
