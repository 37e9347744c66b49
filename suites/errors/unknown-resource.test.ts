// An unknown resource answers 404 with the error body of its layer (section 7: "404 (not found) |
// unknown resource"). Ids are well-formed (right prefix) so that only their existence is wrong.
import { check, path, tokenNeed, type ApiClient, type CheckContext, type Fixtures } from '../../harness/check/index.js';
import { warnIfFlatV4Error } from '../_shared/error-shapes.js';

interface Probe {
  name: string;
  api: 'v4' | 'v2';
  method: string;
  path: string;
  json?: unknown;
  /** The API-key endpoints need an app token. */
  appToken?: boolean;
  /** GET /webhooks/{webhookId} and v2 use the flat shape. */
  layer: 'either' | 'flat';
}

const unknownContact = 'ct_mcsunknown000000';
const probes: Probe[] = [
  { name: 'get-contact', api: 'v4', method: 'GET', path: path`/contacts/${unknownContact}`, layer: 'either' },
  { name: 'update-contact', api: 'v4', method: 'PATCH', path: path`/contacts/${unknownContact}`, json: { name: 'Nobody' }, layer: 'either' },
  { name: 'delete-contact', api: 'v4', method: 'DELETE', path: path`/contacts/${unknownContact}`, layer: 'either' },
  { name: 'list-identities-of-unknown-contact', api: 'v4', method: 'GET', path: path`/contacts/${unknownContact}/identities`, layer: 'either' },
  { name: 'get-channel', api: 'v4', method: 'GET', path: path`/channels/${'ch_mcsunknown000000'}`, layer: 'either' },
  { name: 'get-channel-capabilities', api: 'v4', method: 'GET', path: path`/channels/${'ch_mcsunknown000000'}/capabilities`, layer: 'either' },
  { name: 'get-channel-settings', api: 'v4', method: 'GET', path: path`/channels/${'ch_mcsunknown000000'}/settings`, layer: 'either' },
  { name: 'get-priority', api: 'v4', method: 'GET', path: path`/priorities/${'pri_mcsunknown000000'}`, layer: 'either' },
  { name: 'delete-priority', api: 'v4', method: 'DELETE', path: path`/priorities/${'pri_mcsunknown000000'}`, layer: 'either' },
  { name: 'get-contact-card-of-unknown-number', api: 'v4', method: 'GET', path: path`/me/numbers/${'+19995550199'}/contact-card`, layer: 'either' },
  { name: 'get-location-contact', api: 'v4', method: 'GET', path: path`/location/contacts/${'nobody@example.invalid'}`, layer: 'either' },
  { name: 'get-webhook', api: 'v4', method: 'GET', path: path`/webhooks/${'wh_mcsunknown000000'}`, layer: 'flat' },
  { name: 'get-api-key', api: 'v4', method: 'GET', path: path`/api-keys/${'api_mcsunknown000000'}`, appToken: true, layer: 'either' },
  { name: 'v2-contact-capabilities', api: 'v2', method: 'GET', path: path`/contacts/${unknownContact}/capabilities`, layer: 'flat' },
  { name: 'v2-rotate-unknown-webhook-secret', api: 'v2', method: 'POST', path: path`/webhooks/${'wh_mcsunknown000000'}/secret/rotate`, layer: 'flat' },
];

function clientFor(fx: Fixtures, probe: Probe): ApiClient {
  if (probe.api === 'v2') return fx.v2();
  return probe.appToken ? fx.v4(fx.appToken({ with: ['apikeys:read', 'apikeys:manage'] })) : fx.v4();
}

/** The body of "the probe's unknown resource answers 404 with the error body of its layer". */
function answers404(probe: Probe): (t: CheckContext) => Promise<void> {
  return async (t) => {
    const fx = await t.fixtures();
    const response = await clientFor(fx, probe).request(probe.method, probe.path, probe.json === undefined ? {} : { json: probe.json });
    t.expect.errorShape(response, 404, probe.layer);
    // Variant v4-flat-errors: a flat v4 404 passes (section 7: "some v4 responses") with a warning.
    if (probe.layer === 'either') warnIfFlatV4Error(t, response);
  };
}

// The metadata is spelled out per layer so that `mcs coverage` reads the clauses.
// Faults: channels.get.unknown-200 (get-channel, get-channel-capabilities), server.v4-errors-without-details (v4 probes), location.contact.unknown-200 and
// location.contact.no-details (get-location-contact), server.404-as-400 (every probe).
for (const probe of probes.filter((p) => p.layer === 'either')) {
  check(
    {
      area: 'errors',
      name: `unknown-resource-gets-404.${probe.name}`,
      title: `${probe.api} ${probe.method} ${probe.path} answers 404 with the v4 error body (flat allowed, with a warning)`,
      clauses: ['errors.404.not-found', 'errors.shape.v4-standard'],
      needs: probe.appToken === true ? [tokenNeed({ with: ['apikeys:read', 'apikeys:manage'] })] : [],
      concurrent: true,
    },
    answers404(probe),
  );
}

for (const probe of probes.filter((p) => p.layer === 'flat')) {
  check(
    {
      area: 'errors',
      name: `unknown-resource-gets-404.${probe.name}`,
      title: `${probe.api} ${probe.method} ${probe.path} answers 404 with the flat error body`,
      clauses: ['errors.404.not-found', 'errors.shape.flat'],
      needs: probe.api === 'v2' ? ['v2'] : [],
      concurrent: true,
    },
    // Fault: v2.errors.standard-shape (the v2 probes).
    answers404(probe),
  );
}
