// CORE's v4 routes.
import type { App } from '../server/app.js';
import { registerCallForwardingRoutes } from './account/call-forwarding.js';
import { registerContactCardRoutes } from './account/contact-card.js';
import { registerMeRoutes } from './account/me.js';
import { registerApiKeyRoutes } from './apikeys/routes.js';
import { registerChannelRoutes } from './channels/routes.js';
import { registerContactRoutes } from './contacts/routes.js';
import { registerLocationRoutes } from './location/routes.js';
import { registerAvailableRoutes } from './numbers/available.js';
import { registerPurchaseRoutes } from './numbers/purchases.js';
import { registerPriorityRoutes } from './priorities/routes.js';

export function registerCoreV4Routes(app: App): void {
  registerMeRoutes(app);
  registerContactCardRoutes(app);
  registerCallForwardingRoutes(app);
  registerLocationRoutes(app);
  registerChannelRoutes(app);
  registerAvailableRoutes(app);
  registerPurchaseRoutes(app);
  // Variant noNumberPurchasing: a target without the feature, whose browsing and purchase paths are unknown (404).
  if (app.variant.noNumberPurchasing) for (const path of ['/v4/channels/native/available', '/v4/channels/native/purchases']) app.disabled.add(path);
  registerPriorityRoutes(app);
  registerContactRoutes(app);
  registerApiKeyRoutes(app);
}
