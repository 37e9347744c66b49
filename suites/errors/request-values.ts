// Path values and credentials that make a request reach an operation's body handling: real resources of
// the file's organization where the fixtures have them, the right credential kind for the operation.
import { pathParameterNames, tokenNeed, type ApiClient, type Fixtures, type Need, type Operation } from '../../harness/check/index.js';

/** Real values for the operation's path parameters where the fixtures have them; the rest stay unresolved. */
export function realPathValues(fx: Fixtures, operation: Operation): Record<string, string> {
  const dedicated = fx.channels.find((c) => c.kind === 'native-dedicated') ?? fx.channels[0];
  const values: Record<string, string> = {};
  // Only asked for when the path names a key, so a target configured without a secondary key still runs the rest.
  if (pathParameterNames(operation).includes('apiKey')) values.apiKey = fx.apiKey('secondary');
  if (dedicated) {
    values.channel = dedicated.id;
    if (dedicated.address.startsWith('+')) values.number = dedicated.address;
  }
  return values;
}

/** The client an authorized caller of the operation uses: an app token with every scope for API-key endpoints, the primary key otherwise. */
export function authorizedClient(fx: Fixtures, operation: Operation): ApiClient {
  const onlyAppToken = operation.security.length > 0 && operation.security.every((s) => s.scheme === 'appToken');
  if (operation.api === 'v2') return fx.v2();
  return onlyAppToken ? fx.v4(fx.appToken({ with: ['apikeys:read', 'apikeys:manage', 'numbers:read', 'numbers:manage'] })) : fx.v4();
}

/** What authorizedClient needs of the fixtures, declared by the checks that call it (harness/check/needs.ts). */
export function authorizedClientNeeds(operation: Operation): Need[] {
  const onlyAppToken = operation.security.length > 0 && operation.security.every((s) => s.scheme === 'appToken');
  return operation.api === 'v4' && onlyAppToken ? [tokenNeed({ with: ['apikeys:read', 'apikeys:manage', 'numbers:read', 'numbers:manage'] })] : [];
}

/** Path parameters the fixtures could not fill: the resource may not exist, so 404 may come first. */
export function unresolvedParameters(operation: Operation, values: Record<string, string>): string[] {
  return [...operation.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1] ?? '').filter((name) => values[name] === undefined);
}
