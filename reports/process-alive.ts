// Whether a process of this machine still runs: what tells a lock or a temporary file left by a killed run
// from one in use.

/** True while `pid` names a running process (one of another user's included: signalling it is refused, not unknown). */
export function isRunning(pid: number): boolean {
  if (!Number.isSafeInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
