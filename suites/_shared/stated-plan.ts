// The configured organization as a stand-in for one of the check's own: usable only when the plan facts its
// vendor states (fixtures.plan) are the ones the check needs; a fact not stated is not assumed.
import type { CheckContext, Fixtures } from '../../harness/check/index.js';
import type { PlanFacts } from '../../harness/fixtures/control-client.js';

/** The configured organization when its stated plan has every fact of `wanted`; not verifiable otherwise. */
export async function configuredWithPlan(t: CheckContext, wanted: Partial<PlanFacts>): Promise<Fixtures> {
  const fx = await t.fixtures();
  const stated = fx.plan ?? {};
  const differs = Object.entries(wanted).filter(([fact, value]) => stated[fact as keyof PlanFacts] !== value);
  const facts = Object.entries(wanted).map(([fact, value]) => `${fact}: ${String(value)}`).join(', ');
  if (differs.length > 0) return t.notVerifiable(`needs an organization whose plan has ${facts}: the control operation createOrganization, or the config file's fixtures.plan stating them`);
  return fx;
}
