// Registers every route of the reference: the v4 and control routes, then messaging, events and v2.
import type { App } from './server/app.js';
import { registerCoreV4Routes } from './v4/routes.js';
import { registerControlRoutes } from './control/routes.js';
import { registerMessagingRoutes } from './messaging/routes.js';
import { registerEventRoutes } from './events/routes.js';
import { registerV2Routes } from './v2/routes.js';

export function registerAllRoutes(app: App): void {
  registerCoreV4Routes(app);
  registerControlRoutes(app);
  registerMessagingRoutes(app);
  registerEventRoutes(app);
  registerV2Routes(app);
}
