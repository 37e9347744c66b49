/* global process, fetch */
// A worked example of a control adapter (docs/control-adapter.md): a vendor whose sandbox can make a customer
// write in and move its clock, but speaks none of the conformance control API. Here the "sandbox" is the
// reference's control API reached under the vendor's own names (injectCustomerMessage, fastForward); a real
// adapter would call the vendor's own simulator the same way. Where it is: SANDBOX_URL and SANDBOX_ORG.

const sandbox = process.env.SANDBOX_URL;
const organization = process.env.SANDBOX_ORG;

/** The organization a call is for: the one the config names for it (its organization_id), else SANDBOX_ORG. */
function organizationOf(params) {
  const named = params?.organizationId;
  return named && named !== 'configured' ? named : organization;
}

async function sandboxCall(params, path, body) {
  const org = organizationOf(params);
  if (!sandbox || !org) throw new Error('SANDBOX_URL and SANDBOX_ORG must name the sandbox');
  const response = await fetch(`${sandbox}/organizations/${encodeURIComponent(org)}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`sandbox ${path} answered ${response.status}`);
  return (await response.json()).data;
}

/** The vendor's own calls. */
const vendorSandbox = {
  injectCustomerMessage: (params, message) => sandboxCall(params, '/inbound/messages', message),
  fastForward: (params, milliseconds) => sandboxCall(params, '/clock/advance', { milliseconds }),
};

/** simulateInboundMessage: a customer writes in; answers {message_id, chat_id, group_id?} as the control spec says. */
export async function simulateInboundMessage({ params, body }) {
  return vendorSandbox.injectCustomerMessage(params, body);
}

/** advanceClock: moves the organization's clock forward; answers {now}. */
export async function advanceClock({ params, body }) {
  return vendorSandbox.fastForward(params, body.milliseconds);
}
