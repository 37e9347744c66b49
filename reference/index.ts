// startReference(): the in-memory reference implementation on a node:http server.
// Used by `mcs serve`, by `mcs certify` without a target, and by the project's tests.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { App } from './server/app.js';
import { ReferenceRequest } from './server/request.js';
import { createRecordingBus } from './server/event-bus.js';
import { Store } from './store/store.js';
import { startingStock } from './store/starting-stock.js';
import { resolveVariant, type Variant } from './variants.js';
import { checkFaultNames } from './faults.js';
import { registerAllRoutes } from './routes.js';
import { createEventBus } from './events/bus.js';
import { startSandboxProgress } from './sandbox/progress.js';

export interface ReferenceOptions {
  host?: string;
  /** 0 (default) picks a free port. */
  port?: number;
  faults?: string[];
  variant?: Partial<Variant>;
  /** The control API under /__control (default true). */
  control?: boolean;
  /** Where one-line logs go (default stderr). */
  log?: (line: string) => void;
  /**
   * Move on by itself as a vendor's sandbox does (reference/sandbox/progress.ts): outbound messages go sent then
   * delivered, purchases complete. Off by default: the control API drives those.
   */
  sandbox?: boolean;
}

export interface ReferenceHandle {
  urls: { base: string; v4: string; v2: string; control: string };
  app: App;
  close(): Promise<void>;
}

export async function startReference(options: ReferenceOptions = {}): Promise<ReferenceHandle> {
  const faults = options.faults ?? [];
  await checkFaultNames(faults);
  const variant = resolveVariant(options.variant);
  const app = new App({
    store: new Store(variant.startingStock ? { startingStock } : {}),
    bus: createRecordingBus(),
    variant,
    faults: new Set(faults),
    ...(options.log ? { log: options.log } : {}),
  });
  app.bus = createEventBus(app);
  registerAllRoutes(app);
  if (options.control === false) app.disabled.add('/__control');
  const stopSandbox = options.sandbox === true ? startSandboxProgress(app) : undefined;
  // Idle connections are kept a minute (as common load balancers do), so a client that holds one for a few
  // seconds under load never sends on a connection the reference is closing.
  const server = createServer({ keepAliveTimeout: 60_000, IncomingMessage: ReferenceRequest }, app.listener);
  const host = options.host ?? '127.0.0.1';
  await listen(server, host, options.port ?? 0);
  const { port } = server.address() as AddressInfo;
  const base = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  return {
    urls: { base, v4: `${base}/v4`, v2: `${base}/v2`, control: `${base}/__control` },
    app,
    close: () => {
      stopSandbox?.();
      return closeServer(server, app);
    },
  };
}

function listen(server: Server, host: string, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

async function closeServer(server: Server, app: App): Promise<void> {
  await app.bus.close?.();
  await new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}
