// `mcs load k8s --profile send --shards N --image IMG [--out job.yaml] -- <load flags>`: writes the
// Indexed Job manifest and prints how to run it and merge the shard results.
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { parseArgs } from 'node:util';
import { k8sInstructions, k8sJobManifest, k8sJobName } from '../k8s.js';
import { checkRunId, LoadUsageError, number } from './options.js';
import { defaultOutPath } from './out.js';
import { pickProfile, parseFlags } from './run.js';

export async function k8sCommand(argv: string[]): Promise<number> {
  const split = argv.indexOf('--');
  const own = split === -1 ? argv : argv.slice(0, split);
  const loadArgs = split === -1 ? [] : argv.slice(split + 1);
  let values: { profile?: string; shards?: string; image?: string; out?: string; 'run-id'?: string; help?: boolean };
  try {
    values = parseArgs({
      args: own,
      options: { profile: { type: 'string' }, shards: { type: 'string' }, image: { type: 'string' }, out: { type: 'string' }, 'run-id': { type: 'string' }, help: { type: 'boolean', short: 'h' } },
      strict: true,
    }).values;
  } catch (error) {
    throw new LoadUsageError((error as Error).message.split('\n')[0] ?? 'bad arguments');
  }
  if (values.help === true) {
    process.stdout.write('Usage: mcs load k8s --profile P --shards N --image IMG [--out job.yaml] [--run-id ID] [-- <flags of mcs load P>]\n');
    return 0;
  }
  const profile = pickProfile(values.profile);
  const shards = number('shards', values.shards, (n) => Number.isInteger(n) && n >= 1 && n <= 1000, 'an integer in [1, 1000]');
  if (shards === undefined) throw new LoadUsageError('--shards N is required');
  if (values.image === undefined || values.image === '') throw new LoadUsageError('--image is required (an image with this project and node, e.g. built from its Dockerfile)');
  // The pass-through flags must be valid for `mcs load` and must not fix what the Job sets per pod.
  const { values: passed, positionals } = parseFlags(loadArgs);
  if (positionals.length > 0) throw new LoadUsageError(`unexpected '${positionals.join(' ')}' after --`);
  for (const owned of ['shard', 'out', 'run-id'] as const) if (passed[owned] !== undefined) throw new LoadUsageError(`--${owned} is set per pod by the Job; remove it after --`);
  // A key in a manifest is a key in version control: take it from a Secret instead.
  if (passed['api-key'] !== undefined) throw new LoadUsageError('do not put --api-key in a manifest: set MCS_API_KEY in the pod from a Kubernetes Secret');
  const runId = values['run-id'] ?? randomBytes(4).toString('hex');
  checkRunId(runId);
  const options = { profile: profile.name, shards, image: values.image, runId, loadArgs };
  const out = values.out ?? defaultOutPath(`k8s-${profile.name}-${runId}`, 'yaml');
  await mkdir(dirname(out), { recursive: true });
  await writeFile(out, k8sJobManifest(options));
  process.stdout.write(k8sInstructions(options, out, k8sJobName(options)));
  return 0;
}
