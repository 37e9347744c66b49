// The body of a load worker thread (started by workers.ts through worker-entry.js): it loads its profile,
// says it is ready, waits for the shared t0, runs its share and sends back its partial run.
import { parentPort, workerData } from 'node:worker_threads';
import { prepareBodies } from './bodies.js';
import { STAND_IN_FIRST_INDEX, startSendStandIn } from './send-stand-in.js';
import { splitBaseUrl } from './url.js';
import { runThread } from './thread-run.js';
import type { Profile, ProfileState } from './types.js';
import type { WorkerInput, WorkerMessage } from './workers.js';

const port = parentPort;
if (port === null) throw new Error('worker-thread.ts runs only as a worker thread');
const send = (m: WorkerMessage): void => port.postMessage(m);
const input = workerData as WorkerInput;
const WARM_UP_MS = 300;

try {
  const registry = (await import(input.profile.module)) as { profiles?: Record<string, Profile<ProfileState>> };
  const profile = registry.profiles?.[input.profile.name];
  if (profile === undefined) throw new Error(`no profile '${input.profile.name}' in ${input.profile.module}`);
  // The body pools are sampled before t0, not by the first requests (as the API profiles' setup does).
  prepareBodies();
  await warmUp(profile);
  const t0EpochMs = await new Promise<number>((resolve) => {
    port.once('message', (m: { type: 'go'; t0EpochMs: number }) => resolve(m.t0EpochMs));
    send({ type: 'ready' });
  });
  const partial = await runThread({ ...input, profile, t0EpochMs, onTick: (r) => send({ type: 'tick', completed: r.counts.completed, errors: r.counts.errors }) });
  send({ type: 'done', partial });
} catch (error) {
  send({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
}

/**
 * A fresh thread's send path is cold (JIT, undici): its first scheduled requests would be its slowest and
 * their lateness would be blamed on the target. So before it says ready, the thread sends the profile's
 * own requests for a moment to a stand-in of its own (never to the target).
 */
async function warmUp(profile: Profile<ProfileState>): Promise<void> {
  const standIn = await startSendStandIn();
  try {
    const { prefix } = splitBaseUrl(input.state.baseUrl);
    await runThread({ ...input, profile, state: { ...input.state, baseUrl: `${standIn.url}${prefix}` }, model: { kind: 'closed', connections: 4 }, durationMs: WARM_UP_MS, maxRequests: 1_000_000, keepSamples: 0, firstIndex: STAND_IN_FIRST_INDEX });
  } finally {
    await standIn.close();
  }
}
