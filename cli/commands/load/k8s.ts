// `mcs load k8s --profile send --shards N --image IMG [--lead 30s] [--out job.yaml] -- <load flags>`:
// writes the Indexed Job manifest and prints how to run it and merge the shard results.
//
// The coordinated start is a lead time, not a barrier. A barrier (an init container waiting until every
// pod of the Job runs) would need kubectl and a Role to list pods in each pod, and still could not start
// them together without a shared instant. A lead fixes that instant when the manifest is written; pods
// that start after it run at once and record their lateness, and the merge refuses an SLO verdict when the
// windows overlap too little, so a too-short lead is seen rather than silently measured.
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { checkQuantity, DEFAULT_RESOURCES, k8sInstructions, k8sJobManifest, k8sJobName, type K8sResources } from '../../../load/k8s.js';
import { MAX_START_LEAD_MS, parseStartAt } from '../../../load/start-at.js';
import { k8sHelp } from './help.js';
import { writeFileWhole } from '../../../reports/whole-files.js';
import { checkRunId, LoadUsageError, number } from './options.js';
import { defaultOutPath } from './out.js';
import { secondsOf } from '../../durations.js';
import { pickProfile, parseFlags } from './run.js';
import { flagProblem } from '../../flags.js';

export const k8sFlags = {
  profile: { type: 'string' },
  shards: { type: 'string' },
  image: { type: 'string' },
  lead: { type: 'string' },
  'start-at': { type: 'string' },
  'cpu-request': { type: 'string' },
  'cpu-limit': { type: 'string' },
  'memory-request': { type: 'string' },
  'memory-limit': { type: 'string' },
  out: { type: 'string' },
  'run-id': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

export const DEFAULT_LEAD_MS = 30_000;

export async function k8sCommand(argv: string[]): Promise<number> {
  const split = argv.indexOf('--');
  const own = split === -1 ? argv : argv.slice(0, split);
  const loadArgs = split === -1 ? [] : argv.slice(split + 1);
  let values: { [K in keyof typeof k8sFlags]?: (typeof k8sFlags)[K]['type'] extends 'boolean' ? boolean : string };
  try {
    values = parseArgs({ args: own, options: k8sFlags, strict: true }).values;
  } catch (error) {
    throw new LoadUsageError(flagProblem(error, k8sFlags));
  }
  if (values.help === true) {
    process.stdout.write(k8sHelp());
    return 0;
  }
  const profile = pickProfile(values.profile);
  const shards = number('shards', values.shards, (n) => Number.isInteger(n) && n >= 1 && n <= 1000, 'an integer in [1, 1000]');
  if (shards === undefined) throw new LoadUsageError('--shards N is required');
  if (values.image === undefined || values.image === '') throw new LoadUsageError('--image is required (an image with this project and node, e.g. built from its Dockerfile)');
  // The pass-through flags must be valid for `mcs load` and must not fix what the Job sets per pod.
  const { values: passed, positionals } = parseFlags(loadArgs);
  if (positionals.length > 0) throw new LoadUsageError(`unexpected '${positionals.join(' ')}' after --`);
  for (const owned of ['shard', 'out', 'run-id', 'start-at'] as const) if (passed[owned] !== undefined) throw new LoadUsageError(`--${owned} is set per pod by the Job; remove it after --`);
  // A key in a manifest is a key in version control: take it from a Secret instead.
  if (passed['api-key'] !== undefined) throw new LoadUsageError('do not put --api-key in a manifest: set MCS_API_KEY in the pod from a Kubernetes Secret');
  const runId = values['run-id'] ?? randomBytes(4).toString('hex');
  checkRunId(runId);
  const startAtEpochMs = startInstant(values['start-at'], values.lead);
  const resources: K8sResources = {
    cpuRequest: quantity('cpu-request', values['cpu-request'], DEFAULT_RESOURCES.cpuRequest),
    cpuLimit: quantity('cpu-limit', values['cpu-limit'], DEFAULT_RESOURCES.cpuLimit),
    memoryRequest: quantity('memory-request', values['memory-request'], DEFAULT_RESOURCES.memoryRequest),
    memoryLimit: quantity('memory-limit', values['memory-limit'], DEFAULT_RESOURCES.memoryLimit),
  };
  const options = { profile: profile.name, shards, image: values.image, runId, loadArgs, startAtEpochMs, resources };
  const out = values.out ?? defaultOutPath(`k8s-${profile.name}-${runId}`, 'yaml');
  await writeFileWhole(out, k8sJobManifest(options));
  process.stdout.write(k8sInstructions(options, out, k8sJobName(options)));
  return 0;
}

/** The pods' shared start: --start-at as given, or now + --lead (default 30 s). */
function startInstant(startAt: string | undefined, lead: string | undefined): number {
  if (startAt !== undefined && lead !== undefined) throw new LoadUsageError('give --lead or --start-at, not both');
  try {
    if (startAt !== undefined) return parseStartAt(startAt, Date.now());
    return Date.now() + (lead === undefined ? DEFAULT_LEAD_MS : parseLead(lead));
  } catch (error) {
    throw new LoadUsageError((error as Error).message);
  }
}

/** '30s', '2m', '1500ms' or plain seconds (cli/durations.ts, as every duration flag); at most an hour. */
export function parseLead(text: string): number {
  return Math.round(secondsOf('lead', text, { min: 0, max: MAX_START_LEAD_MS / 1000 }) * 1000);
}

function quantity(flag: string, value: string | undefined, fallback: string): string {
  if (value === undefined) return fallback;
  try {
    return checkQuantity(flag, value);
  } catch (error) {
    throw new LoadUsageError((error as Error).message);
  }
}
