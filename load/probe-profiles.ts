// Profiles of the load engine's own tests and benches, in a module of their own so that worker threads can
// load them by name (workers.ts ProfileRef), as they load the built-in ones.
import type { Profile } from './types.js';
import type { ProfileRef } from './workers.js';

const FIXED = '{"to":"+12025550100","text":"hi"}';

/** POST / with a fixed body; a 201 is ok. The state is only the target's base URL. */
export const postProbe: Profile = {
  name: 'post-probe',
  description: 'POST / with a fixed body, 201 expected',
  setup: () => Promise.reject(new Error('post-probe has no setup: give it a state { baseUrl, headers }')),
  request: () => ({ method: 'POST', path: '/', headers: { 'content-type': 'application/json' }, body: FIXED }),
  check: (r) => (r.status === 201 ? { ok: true } : { ok: false, code: String(r.status) }),
};

export const profiles: Record<string, Profile> = { [postProbe.name]: postProbe };

export function probeRef(profile: Profile): ProfileRef {
  return { module: import.meta.url, name: profile.name };
}
