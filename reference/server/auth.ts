// The authentication boundary: Bearer credential -> organization and caller.
// Failures here answer 401 with the flat body, whatever the layer.
import { HttpError, httpError } from './errors.js';
import type { App } from './app.js';
import type { Caller, RouteOptions, Scope } from './types.js';
import type { ApiKeyRecord, Org } from '../store/types.js';

export interface Authenticated {
  org: Org | undefined;
  caller: Caller;
  apiKey: ApiKeyRecord | null;
  scopes: ReadonlySet<Scope>;
}

const noScopes: ReadonlySet<Scope> = new Set();
const anonymous: Authenticated = { org: undefined, caller: { kind: 'none' }, apiKey: null, scopes: noScopes };

export function unauthorizedIn(message: string, shape: 'flat' | 'standard' = 'flat'): HttpError {
  return new HttpError({ status: 401, code: 'unauthorized', message, shape });
}

export function authenticate(app: App, authorization: string | undefined, options: RouteOptions): Authenticated {
  if (options.auth === 'none') return anonymous;
  const match = authorization === undefined ? null : /^Bearer\s+(\S+)\s*$/i.exec(authorization);
  if (!match) throw unauthorized(app, 'Missing or malformed Authorization header; expected "Bearer <API_KEY>"');
  const credential = app.store.credential(match[1]!);
  if (!credential) throw unauthorized(app, 'Invalid credentials');
  if (credential.kind === 'apiKey') {
    const key = credential.key;
    const expired = key.validUntil !== -1 && key.validUntil <= credential.org.now();
    const deprecated = key.deprecated && !app.fault('apikeys.deprecated-still-authenticates');
    if (deprecated || key.blocked || expired) {
      throw unauthorized(app, 'Invalid credentials');
    }
    if (options.auth === 'appToken' && !app.fault('apikeys.accept-api-key')) {
      throw httpError(403, 'oauth_token_required', 'This endpoint accepts only an app access token');
    }
    return { org: credential.org, caller: { kind: 'apiKey', key }, apiKey: key, scopes: noScopes };
  }
  if (options.auth === 'apiKey') throw httpError(403, 'api_key_required', 'This endpoint accepts only an API key');
  const scopes = new Set(credential.token.scopes);
  let missing = options.scope !== undefined && !scopes.has(options.scope) ? options.scope : undefined;
  // Fault: apikeys.any-area-scope (either API-key scope opens every API-key endpoint).
  if (missing?.startsWith('apikeys:') && app.fault('apikeys.any-area-scope') && scopes.has(pairedScope(missing))) missing = undefined;
  // Fault: auth.read-scope-needs-manage (a read operation also asks for the area's manage scope).
  if (missing === undefined && options.scope?.endsWith(':read') && app.fault('auth.read-scope-needs-manage')) {
    const manage = pairedScope(options.scope);
    if (!scopes.has(manage)) missing = manage;
  }
  // Fault: apikeys.manage-needs-read (the API-key manage endpoints also ask for apikeys:read).
  if (missing === undefined && options.scope === 'apikeys:manage' && app.fault('apikeys.manage-needs-read') && !scopes.has('apikeys:read')) missing = 'apikeys:read';
  if (missing !== undefined && !app.fault('auth.ignore-scopes')) {
    // Fault: auth.scope-refusal-400 (the refusal answered as a bad request).
    if (app.fault('auth.scope-refusal-400')) throw httpError(400, 'bad_request', `The app token lacks the scope ${missing}`);
    throw httpError(403, 'insufficient_scope', `The app token lacks the scope ${missing}`, { required_scope: missing });
  }
  return { org: credential.org, caller: { kind: 'appToken', token: credential.token }, apiKey: null, scopes };
}

/** The flat 401 (the standard shape under the fault auth.401-standard-shape). */
function unauthorized(app: App, message: string): HttpError {
  return unauthorizedIn(message, app.fault('auth.401-standard-shape') ? 'standard' : 'flat');
}

/** The other scope of the same area: `x:read` for `x:manage` and the other way round. */
function pairedScope(scope: Scope): Scope {
  return (scope.endsWith(':read') ? scope.replace(/:read$/, ':manage') : scope.replace(/:manage$/, ':read')) as Scope;
}
