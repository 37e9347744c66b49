// Device location sharing as the location suite sees it: friends sharing their location (need
// `location-friends`: seeded through the control API, else the ones the config file names) and the GET of one
// friend by handle.
import { isPhoneHandle, NotVerifiable, path, type ApiClient, type ApiResponse, type Fixtures } from '../../harness/check/index.js';
import { unofferedReason } from '../../harness/fixtures/control-client.js';
import { uniquePhone, uniqueToken } from './values.js';

export interface Friend {
  handle: string;
  kind: 'phone' | 'email' | 'account';
}

/** Friends sharing their location: seeded where the control API offers it, else those the config file names. */
export async function friendsSharing(fx: Fixtures): Promise<Friend[]> {
  if (fx.controlOffers('seedLocationContact')) return seedFriends(fx);
  // The config's friends share with the vendor's organization's device, not with a fresh organization's.
  const configured = fx.source === 'config' ? (fx.target.fixtures.location_friends ?? []) : [];
  if (configured.length === 0) throw new NotVerifiable(unofferedReason('seedLocationContact'));
  return configured.map((handle) => ({ handle, kind: isPhoneHandle(handle) ? 'phone' : handle.includes('@') ? 'email' : 'account' }));
}

/** Friends sharing their location, one of each handle form the description names, new to this run. */
export async function seedFriends(fx: Fixtures): Promise<Friend[]> {
  const friends: Friend[] = [
    { handle: uniquePhone(), kind: 'phone' },
    { handle: `${uniqueToken()}@example.com`, kind: 'email' },
    { handle: `${uniqueToken()}-device-account`, kind: 'account' },
  ];
  for (const friend of friends) await fx.control().call('POST', '/location-contacts', { handle: friend.handle, name: `Friend ${friend.kind}` });
  return friends;
}

/** GET /location/contacts/{handle}, the handle URL-encoded as one segment (`+` as `%2B`, `@` as `%40`). */
export function getFriend(client: ApiClient, handle: string): Promise<ApiResponse> {
  return client.get(path`/location/contacts/${handle}`);
}
