// A command that asks a target before any run (`mcs init`, `mcs doctor`): a target that cannot be used is one
// line and exit 2 (a usage error), its secrets masked, never a stack trace.
import { secrets } from '../harness/http/mask.js';
import { TransportError } from '../harness/http/transport.js';
import { TargetUnreachable } from '../harness/runner/probe.js';
import { UsageError } from './errors.js';

export async function askingTheTarget<T>(ask: () => Promise<T>): Promise<T> {
  try {
    return await ask();
  } catch (error) {
    if (error instanceof TargetUnreachable) throw new UsageError(secrets.maskText(error.message));
    if (error instanceof TransportError) throw new UsageError(secrets.maskText(`the target stopped answering: ${error.message}`));
    throw error;
  }
}
