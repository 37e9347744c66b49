// The control API of spec/control.openapi.yaml under /__control.
import type { App } from '../server/app.js';
import { registerObserveRoutes } from './observe-routes.js';
import { registerSetupRoutes } from './setup-routes.js';
import { registerSimulationRoutes } from './simulation-routes.js';

export function registerControlRoutes(app: App): void {
  registerSetupRoutes(app);
  registerSimulationRoutes(app);
  registerObserveRoutes(app);
}
