// Before any check runs: is the target there at all (exit 2 with one line if not), and does it have a
// control API? A connection failure of the v4 root is "unreachable"; any HTTP answer means it is up.
import type { TargetConfig } from '../config/types.js';
import { ControlClient, type TargetSettings } from '../fixtures/control-client.js';
import { transportOf } from '../fixtures/fixtures.js';
import { send, TransportError } from '../http/transport.js';

export class TargetUnreachable extends Error {
  readonly code = 'MCS_UNREACHABLE';
}

export interface ProbeResult {
  control: boolean;
  /** What the control API announces for the description's silent spots (spec/control.openapi.yaml). */
  targetSettings?: TargetSettings;
}

export async function probeTarget(target: TargetConfig): Promise<ProbeResult> {
  await expectAnswer('base URL', `${target.v4Url}/me`, target);
  if (target.v2Url !== undefined) await expectAnswer('v2 base URL', `${target.v2Url}/me/numbers`, target);
  if (target.controlUrl === undefined) return { control: false };
  const control = new ControlClient(target.controlUrl, transportOf(target));
  try {
    const info = await control.info();
    if (info) return { control: true, targetSettings: info.targetSettings };
  } catch (error) {
    if (error instanceof TransportError) throw new TargetUnreachable(`control URL ${target.controlUrl}: ${error.message.replace(/^[A-Z]+ \S+: /, '')}`);
    throw error;
  }
  throw new TargetUnreachable(`control URL ${target.controlUrl}: no control API there (GET / must answer 200 with data.version '1')`);
}

async function expectAnswer(what: string, url: string, target: TargetConfig): Promise<void> {
  try {
    await send({ method: 'GET', url, headers: { accept: 'application/json' } }, transportOf(target));
  } catch (error) {
    if (error instanceof TransportError) throw new TargetUnreachable(`${what} unreachable: ${error.message}`);
    throw error;
  }
}
