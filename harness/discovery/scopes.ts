// What an app token may do, told by requests that change nothing: each scope's endpoint asked about a thing
// that does not exist. 403 says the scope is missing; a 404 (or 400, 200) says the request got past the scope
// check. A 401 says the token is refused. An answer that tells neither leaves the scope unknown.
import { ApiClient, path } from '../http/api-client.js';
import { scopes, type Scope } from '../config/types.js';
import { v4Client, type ApiTarget } from '../fixtures/clients.js';

export interface TokenScopes {
  token: string;
  /** The scopes the token was seen to hold. */
  scopes: Scope[];
  /** The scopes no answer told about. */
  unknown: Scope[];
  /** True when the token was refused (401). */
  refused: boolean;
}

/** Ids no organization holds: the probes ask about them. */
const noKey = 'api_mcs0probe0none';
const noChannel = 'ch_mcs0probe0none';
const noPurchase = 'mcs0probe0none';

/** Each scope's probe: a request that needs the scope and acts on nothing. */
const probes: Record<Scope, (client: ApiClient) => Promise<number>> = {
  'apikeys:read': async (client) => (await client.get('/api-keys')).status,
  'apikeys:manage': async (client) => (await client.delete(path`/api-keys/${noKey}/channels/${noChannel}`)).status,
  'numbers:read': async (client) => (await client.get(path`/channels/native/purchases/${noPurchase}`)).status,
  'numbers:manage': async (client) => (await client.delete(path`/channels/${noChannel}`, { json: { reasons: ['mcs scope probe'] } })).status,
};

export async function probeScopes(target: ApiTarget, token: string): Promise<TokenScopes> {
  const client = v4Client(target, token);
  const held: Scope[] = [];
  const unknown: Scope[] = [];
  let refused = false;
  for (const scope of scopes) {
    const status = await probes[scope](client);
    if (status === 401) refused = true;
    else if (status === 403) continue;
    else if ([200, 204, 400, 404, 422].includes(status)) held.push(scope);
    else unknown.push(scope);
  }
  return { token, scopes: refused ? [] : held, unknown: refused ? [...scopes] : unknown, refused };
}
