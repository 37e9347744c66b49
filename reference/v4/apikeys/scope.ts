// Registering an API-key endpoint with the scope it needs (section 5 item 4: apikeys:read lists and reads
// keys and a key's channels; apikeys:manage creates, deprecates, assigns and unassigns). The correct
// reference lets the authentication boundary check the one scope; the faults below bend which scopes pass,
// so the checks that tell the two API-key scopes apart are proven.
import type { App } from '../../server/app.js';
import { httpError } from '../../server/errors.js';
import type { Handler, Method, Scope } from '../../server/types.js';
import { appOnly } from '../options.js';

export type KeyScope = 'apikeys:read' | 'apikeys:manage';

type Accepts = (held: ReadonlySet<Scope>) => boolean;

/** The scope test a fault puts in place of "holds `scope`", or undefined for the correct one. */
function bentScopeTest(app: App, scope: KeyScope): Accepts | undefined {
  // Fault: apikeys.any-area-scope (either API-key scope opens every API-key endpoint).
  if (app.fault('apikeys.any-area-scope')) return (held) => held.has('apikeys:read') || held.has('apikeys:manage');
  // Fault: apikeys.manage-needs-read (the manage endpoints also ask for apikeys:read).
  if (scope === 'apikeys:manage' && app.fault('apikeys.manage-needs-read')) return (held) => held.has('apikeys:manage') && held.has('apikeys:read');
  return undefined;
}

/** Register an API-key endpoint (app token only) that needs `scope`. */
export function keyRoute(app: App, method: Method, pattern: string, scope: KeyScope, handler: Handler): void {
  const accepts = bentScopeTest(app, scope);
  if (accepts === undefined) {
    app.route(method, pattern, handler, appOnly(scope));
    return;
  }
  // The bent test runs in the handler: the boundary still refuses API keys (auth 'appToken') but checks no scope.
  app.route(method, pattern, (ctx) => {
    if (!accepts(ctx.scopes)) throw httpError(403, 'insufficient_scope', `The app token lacks the scope ${scope}`, { required_scope: scope });
    return handler(ctx);
  }, { auth: 'appToken', version: 'v4' });
}
