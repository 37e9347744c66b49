// Registers every route of the reference: CORE's v4 and control routes, then MESSAGING's messaging,
// events and v2 routes (loaded when present, so each half runs without the other).
import type { App } from './server/app.js';
import { createRecordingBus, type EventBus } from './server/event-bus.js';
import { importOptional } from './server/optional-module.js';
import { registerCoreV4Routes } from './v4/routes.js';
import { registerControlRoutes } from './control/routes.js';

type Register = (app: App) => void | Promise<void>;

export async function registerAllRoutes(app: App): Promise<void> {
  registerCoreV4Routes(app);
  registerControlRoutes(app);
  const optional: Array<[string, string]> = [
    ['messaging/routes.js', 'registerMessagingRoutes'],
    ['events/routes.js', 'registerEventRoutes'],
    ['v2/routes.js', 'registerV2Routes'],
  ];
  for (const [file, name] of optional) {
    const module = await importOptional<Record<string, Register | undefined>>(file);
    const register = module?.[name];
    if (register) await register(app);
  }
}

export async function loadEventBus(app: App): Promise<EventBus> {
  const module = await importOptional<{ createEventBus?: (app: App) => EventBus }>('events/bus.js');
  return module?.createEventBus ? module.createEventBus(app) : createRecordingBus();
}
