// Containers must not outlive the run that started them, whatever ends it. While any runs:
// - SIGINT/SIGTERM/SIGHUP: stop and remove them all at once; then the signal takes its default course
//   (the process ends with 128+n) unless the caller said it handles that signal itself (mcs certify
//   turns Ctrl-C into "write the results so far"). Counting listeners cannot tell: libraries such as
//   signal-exit listen politely and step aside when anyone else listens, which would leave nobody acting.
// - process exit with containers still running (process.exit, a second Ctrl-C): a last synchronous
//   removal through the engine's API from a short child process, since nothing async runs on 'exit'.
import { spawnSync } from 'node:child_process';
import { constants as osConstants } from 'node:os';
import { engineEndpoint } from './engine.js';

type Stop = () => Promise<void>;
interface Tracked {
  stop: Stop;
  signalsHandledByCaller: ReadonlySet<NodeJS.Signals>;
}

const running = new Map<string, Tracked>();
const SIGNALS: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];
let armed = false;

export function trackContainer(id: string, stop: Stop, signalsHandledByCaller: readonly NodeJS.Signals[] = []): void {
  running.set(id, { stop, signalsHandledByCaller: new Set(signalsHandledByCaller) });
  if (!armed) arm();
}

export function untrackContainer(id: string): void {
  running.delete(id);
  if (running.size === 0 && armed) disarm();
}

/** Ids of the containers this process still has running (for tests and diagnostics). */
export function trackedContainers(): string[] {
  return [...running.keys()];
}

async function stopAll(): Promise<void> {
  await Promise.allSettled([...running.values()].map(({ stop }) => stop()));
}

function onSignal(signal: NodeJS.Signals): void {
  const callerHandlesIt = [...running.values()].some((tracked) => tracked.signalsHandledByCaller.has(signal));
  void stopAll().finally(() => {
    if (callerHandlesIt) return;
    disarm();
    process.kill(process.pid, signal);
    // Should a remaining listener swallow the re-sent signal, end as the signal would have.
    setTimeout(() => process.exit(128 + (osConstants.signals[signal] ?? 0)), 1_000).unref();
  });
}

function onExit(): void {
  const ids = [...running.keys()];
  if (ids.length > 0) removeSynchronously(ids);
}

const signalHandlers = new Map(SIGNALS.map((signal) => [signal, () => onSignal(signal)] as const));

function arm(): void {
  armed = true;
  for (const [signal, handler] of signalHandlers) process.on(signal, handler);
  process.on('exit', onExit);
}

function disarm(): void {
  armed = false;
  for (const [signal, handler] of signalHandlers) process.off(signal, handler);
  process.off('exit', onExit);
}

/** DELETE /containers/{id}?force=true for each id, from a child node process, bounded to 25 s (with the vfs driver a removal deletes a whole copied root filesystem). */
export function removeSynchronously(ids: readonly string[], env: NodeJS.ProcessEnv = process.env): void {
  const endpoint = engineEndpoint(env);
  if (endpoint.kind === 'other') return;
  const target = endpoint.kind === 'socket' ? { socketPath: endpoint.socketPath } : { host: endpoint.host, port: endpoint.port };
  const script = `
    const http = require('node:http');
    const [target, ids] = JSON.parse(process.argv[1]);
    for (const id of ids) {
      http.request({ ...target, method: 'DELETE', path: '/containers/' + id + '?force=true&v=true', timeout: 20000 })
        .on('error', () => {}).on('timeout', function () { this.destroy(); }).end();
    }`;
  spawnSync(process.execPath, ['-e', script, JSON.stringify([target, ids])], { stdio: 'ignore', timeout: 25_000 });
}
