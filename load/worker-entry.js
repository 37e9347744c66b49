// The entry of a load worker thread. Plain JavaScript so that a worker starts the same way under tsx, vitest
// or `mcs`: it registers tsx's loader in this thread (as cli/mcs.js does for the process), then runs the
// TypeScript worker body.
import { register } from 'tsx/esm/api';

register();
await import('./worker-thread.ts');
