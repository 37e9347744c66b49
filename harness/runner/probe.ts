// Before any check runs: is the target there at all (exit 2 with one line if not), and which control operations
// does it offer (an HTTP control API or an adapter)? A connection failure of the v4 root is "unreachable"; any
// HTTP answer means it is up.
import type { TargetConfig } from '../config/types.js';
import { offeredOperations, openControl } from '../fixtures/control-access.js';
import { ControlAdapterError } from '../fixtures/control-adapter.js';
import { type TargetSettings } from '../fixtures/control-client.js';
import { transportOf } from '../fixtures/fixtures.js';
import { send, TransportError } from '../http/transport.js';

export class TargetUnreachable extends Error {
  readonly code = 'MCS_UNREACHABLE';
}

export interface ProbeResult {
  /** True when the target can create organizations of the checks' own (createOrganization offered). */
  control: boolean;
  /** The control operations offered (undefined: no control API nor adapter). */
  controlOperations?: string[];
  /** What the control API announces for the description's silent spots (spec/control.openapi.yaml). */
  targetSettings?: TargetSettings;
}

export async function probeTarget(target: TargetConfig): Promise<ProbeResult> {
  await expectAnswer('base URL', `${target.v4Url}/me`, target);
  if (target.v2Url !== undefined) await expectAnswer('v2 base URL', `${target.v2Url}/me/numbers`, target);
  if (target.controlUrl !== undefined && target.controlAdapter !== undefined) throw new TargetUnreachable('give a control URL or a control adapter, not both');
  const where = target.controlAdapter !== undefined ? `control adapter ${target.controlAdapter}` : `control URL ${target.controlUrl}`;
  try {
    const control = await openControl(target);
    if (control === undefined) return { control: false };
    const info = await control.info();
    if (info) {
      const operations = offeredOperations(info);
      return { control: operations.includes('createOrganization'), controlOperations: operations, targetSettings: info.targetSettings };
    }
  } catch (error) {
    if (error instanceof TransportError) throw new TargetUnreachable(`${where}: ${error.message.replace(/^[A-Z]+ \S+: /, '')}`);
    if (error instanceof ControlAdapterError) throw new TargetUnreachable(error.message);
    throw error;
  }
  throw new TargetUnreachable(`${where}: no control API there (GET / must answer 200 with data.version '1')`);
}

async function expectAnswer(what: string, url: string, target: TargetConfig): Promise<void> {
  try {
    await send({ method: 'GET', url, headers: { accept: 'application/json' } }, transportOf(target));
  } catch (error) {
    if (error instanceof TransportError) throw new TargetUnreachable(`${what} unreachable: ${error.message}`);
    throw error;
  }
}
