// The container flags of `mcs certify --image`, read into startImageTarget's options. Pure: a bad value
// is an ImageFlagError with one line that the CLI prints as a usage error.
import { errorCodes, McsError } from '../../spec/errors.js';
import { normalizeBasePath } from './target-urls.js';
import type { ImageTargetOptions } from './types.js';

export interface ImageFlags {
  image?: string;
  'container-port'?: string;
  env?: string[];
  'base-path'?: string;
  network?: string;
  'ready-path'?: string;
  'ready-log'?: string;
  'ready-timeout'?: string;
}

export class ImageFlagError extends McsError {
  override readonly name = 'ImageFlagError';
  override readonly code = errorCodes.imageFlag;
}

/** The flags that only mean something together with --image. */
const IMAGE_ONLY: Array<keyof ImageFlags> = ['container-port', 'env', 'base-path', 'network', 'ready-path', 'ready-log', 'ready-timeout'];

export const DEFAULT_READY_TIMEOUT_MS = 60_000;

/** startImageTarget's options from the flags, or undefined when no --image was given. */
export function imageTargetOptions(flags: ImageFlags): Omit<ImageTargetOptions, 'signalsHandledByCaller'> | undefined {
  if (flags.image === undefined) {
    const stray = IMAGE_ONLY.find((name) => flags[name] !== undefined);
    if (stray) throw new ImageFlagError(`--${stray} only applies with --image`);
    return undefined;
  }
  const image = flags.image.trim();
  // NAME[:TAG] or NAME@DIGEST as docker reads it; anything else would reach the engine as a confusing error.
  if (!/^[a-z0-9][a-z0-9._\-/:@]*$/i.test(image)) throw new ImageFlagError(`--image must be an image name such as mcs-reference:local, not '${flags.image}'`);
  const readyPath = flags['ready-path'];
  return {
    image,
    containerPort: integerIn('--container-port', flags['container-port'] ?? '8080', 1, 65_535),
    env: parseEnvAssignments(flags.env ?? []),
    basePath: basePathOf(flags['base-path']),
    ...(flags.network === undefined ? {} : { network: networkName(flags.network) }),
    readiness: {
      ...(readyPath === undefined ? {} : { path: readyPath.startsWith('/') ? readyPath : `/${readyPath}` }),
      ...(flags['ready-log'] === undefined ? {} : { logLine: nonEmpty('--ready-log', flags['ready-log']) }),
      timeoutMs: integerIn('--ready-timeout', flags['ready-timeout'] ?? String(DEFAULT_READY_TIMEOUT_MS), 1, 3_600_000),
    },
  };
}

/** KEY=VALUE pairs (repeatable --env); the value may be empty or hold '='; a later KEY wins. */
export function parseEnvAssignments(assignments: readonly string[]): Record<string, string> {
  const env: Record<string, string> = {};
  for (const assignment of assignments) {
    const match = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/s.exec(assignment);
    if (!match) {
      // Only a name is quoted back: the rest may be a secret.
      const eq = assignment.indexOf('=');
      throw new ImageFlagError(eq < 0 ? `--env must be KEY=VALUE; one value has no '='` : `--env must be KEY=VALUE with a KEY of letters, digits and _, not '${assignment.slice(0, eq)}'`);
    }
    env[match[1] as string] = match[2] as string;
  }
  return env;
}

function basePathOf(raw: string | undefined): string {
  try {
    return normalizeBasePath(raw);
  } catch (error) {
    throw new ImageFlagError(`--base-path: ${(error as Error).message}`);
  }
}

function networkName(text: string): string {
  if (!/^[a-zA-Z0-9][a-zA-Z0-9_.-]*$/.test(text)) throw new ImageFlagError(`--network must be a Docker network name such as host or bridge, not '${text}'`);
  return text;
}

function integerIn(flag: string, text: string, min: number, max: number): number {
  const value = Number(text);
  if (!/^\d+$/.test(text) || value < min || value > max) throw new ImageFlagError(`${flag} must be an integer from ${min} to ${max}, not '${text}'`);
  return value;
}

function nonEmpty(flag: string, text: string): string {
  if (text === '') throw new ImageFlagError(`${flag} must not be empty`);
  return text;
}
