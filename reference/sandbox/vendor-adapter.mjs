/* global fetch */
// A worked control adapter (docs/control-adapter.md) for a vendor whose sandbox has an admin API of its own: it
// makes organizations and sets their plan (the rung "organizations through the adapter"), and may make a
// customer write in and move the clock (the rung "inbound messages and the clock"). Here the vendor's admin API
// is the reference's control API reached under the vendor's own names (provisionTenant, updateBillingPlan,
// injectCustomerMessage, fastForward); a real adapter calls its sandbox's the same way.
// `mcs serve --sandbox --write-config FILE --rung 2|3` writes a module beside FILE that binds it to the sandbox.

/**
 * The adapter's functions for the sandbox at `adminUrl`, limited to `operations` (operationIds of
 * spec/control.openapi.yaml); `organization` is the configured organization, for calls that name none.
 */
export function sandboxAdapter(adminUrl, organization, operations) {
  async function admin(method, path, body) {
    const response = await fetch(`${adminUrl}${path}`, { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body ?? {}) });
    if (!response.ok) throw new Error(`sandbox ${method} ${path} answered ${response.status}`);
    return (await response.json()).data;
  }
  const organizationOf = (params) => (params?.organizationId && params.organizationId !== 'configured' ? params.organizationId : organization);
  const tenant = (params) => `/organizations/${encodeURIComponent(organizationOf(params))}`;
  // The vendor's own calls.
  const vendor = {
    provisionTenant: (body) => admin('POST', '/organizations', body),
    updateBillingPlan: (params, facts) => admin('PATCH', `${tenant(params)}/plan`, facts),
    injectCustomerMessage: (params, message) => admin('POST', `${tenant(params)}/inbound/messages`, message),
    fastForward: (params, milliseconds) => admin('POST', `${tenant(params)}/clock/advance`, { milliseconds }),
  };
  const all = {
    /** createOrganization: a fresh organization with its standard fixtures (keys, app tokens, lines), answered as the control spec gives OrganizationFixtures. */
    createOrganization: ({ body }) => vendor.provisionTenant(body),
    /** setPlanFacts: the organization's plan facts and caps; answers the facts in force. */
    setPlanFacts: ({ params, body }) => vendor.updateBillingPlan(params, body),
    /** simulateInboundMessage: a customer writes in; answers {message_id, chat_id, group_id?}. */
    simulateInboundMessage: ({ params, body }) => vendor.injectCustomerMessage(params, body),
    /** advanceClock: moves the organization's clock forward; answers {now}. */
    advanceClock: ({ params, body }) => vendor.fastForward(params, body.milliseconds),
  };
  return Object.fromEntries(operations.map((name) => [name, all[name]]));
}

/** The operations of each rung that uses an adapter. */
export const rungOperations = {
  2: ['createOrganization', 'setPlanFacts'],
  3: ['createOrganization', 'setPlanFacts', 'simulateInboundMessage', 'advanceClock'],
};
