/* global process, fetch */
// A worked example of a control adapter (docs/control-adapter.md): a vendor whose sandbox can make a customer
// write in and move its clock, but speaks none of the conformance control API. Here the "sandbox" is the
// reference's control API reached under the vendor's own names (injectCustomerMessage, fastForward); a real
// adapter would call the vendor's own simulator the same way. Where it is: SANDBOX_URL and SANDBOX_ORG.

const sandbox = process.env.SANDBOX_URL;
const organization = process.env.SANDBOX_ORG;

async function sandboxCall(path, body) {
  if (!sandbox || !organization) throw new Error('SANDBOX_URL and SANDBOX_ORG must name the sandbox');
  const response = await fetch(`${sandbox}/organizations/${encodeURIComponent(organization)}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`sandbox ${path} answered ${response.status}`);
  return (await response.json()).data;
}

/** The vendor's own calls. */
const vendorSandbox = {
  injectCustomerMessage: (message) => sandboxCall('/inbound/messages', message),
  fastForward: (milliseconds) => sandboxCall('/clock/advance', { milliseconds }),
};

/** simulateInboundMessage: a customer writes in; answers {message_id, chat_id, group_id?} as the control spec says. */
export async function simulateInboundMessage({ body }) {
  return vendorSandbox.injectCustomerMessage(body);
}

/** advanceClock: moves the organization's clock forward; answers {now}. */
export async function advanceClock({ body }) {
  return vendorSandbox.fastForward(body.milliseconds);
}
