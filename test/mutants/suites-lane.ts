// The parent's side of suites-worker.ts: one worker process, started on first use, given one job at a time.
// A job that outlives its time limit kills the worker (the next job starts a fresh one) and comes back as a
// run with no exit code, which the classification calls ERROR.
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { repoRoot } from '../support/run-mcs.js';
import { referenceTargetEnv } from './catalog.js';
import type { SuitesJob, SuitesJobResult } from './suites-worker.js';

const workerPath = fileURLToPath(new URL('./suites-worker.ts', import.meta.url));
const TAIL_CHARS = 2_000;

type Reply = { ready: true } | { ok: true; result: SuitesJobResult } | { ok: false; error: string };

export class SuitesLane {
  private child: ChildProcess | undefined;
  private ready: Promise<void> | undefined;
  private output = '';

  async run(job: SuitesJob, timeoutMs: number): Promise<SuitesJobResult> {
    const started = performance.now();
    const failed = (why: string): SuitesJobResult => {
      this.kill();
      return { code: null, files: {}, outputTail: `${this.output}\n${why}`.slice(-TAIL_CHARS), ms: Math.round(performance.now() - started) };
    };
    const child = this.start();
    this.output = '';
    let timer: NodeJS.Timeout | undefined;
    try {
      const reply = await Promise.race([
        this.ready!.then(() => this.next(child, job)),
        new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), timeoutMs))),
      ]);
      if (reply === 'timeout') return failed(`the run did not finish in ${timeoutMs} ms`);
      if (!reply.ok) return failed(reply.error);
      return reply.result;
    } catch (error) {
      return failed(error instanceof Error ? error.message : String(error));
    } finally {
      clearTimeout(timer);
    }
  }

  /** Ends the worker (it exits when its IPC channel closes). */
  close(): void {
    if (this.child?.connected) this.child.disconnect();
    this.child = undefined;
  }

  private kill(): void {
    this.child?.kill('SIGKILL');
    this.child = undefined;
  }

  private start(): ChildProcess {
    if (this.child) return this.child;
    const child = fork(workerPath, [], {
      cwd: repoRoot,
      execArgv: ['--import', 'tsx'],
      env: { ...process.env, CI: 'true', MCS_BASE_URL: '', MCS_V2_BASE_URL: '', MCS_CONTROL_URL: '', MCS_CONFIG: '', ...referenceTargetEnv },
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    const keep = (chunk: Buffer) => (this.output = (this.output + chunk.toString()).slice(-TAIL_CHARS));
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    this.child = child;
    // A worker that died between jobs is replaced by the next job, not handed the job.
    child.once('exit', () => {
      if (this.child === child) this.child = undefined;
    });
    this.ready = new Promise((resolve, reject) => {
      child.once('message', () => resolve());
      child.once('exit', (code) => reject(new Error(`the suites worker exited (${code}) before it was ready`)));
    });
    this.ready.catch(() => undefined);
    return child;
  }

  private next(child: ChildProcess, job: SuitesJob): Promise<Exclude<Reply, { ready: true }>> {
    return new Promise((resolve, reject) => {
      const onExit = (code: number | null) => reject(new Error(`the suites worker exited (${code}) during the run`));
      child.once('exit', onExit);
      child.once('message', (reply: Reply) => {
        child.off('exit', onExit);
        if ('ready' in reply) reject(new Error('unexpected ready message'));
        else resolve(reply);
      });
      child.send(job);
    });
  }
}
