// `mcs load`: load profiles, capacity search, shard merge and Kubernetes manifests. The subcommands live
// in cli/commands/load/ and call the load library (load/, which never imports cli/ or reports/).
// This file is the only place the load tool meets the reference: with no target configured it starts
// the embedded reference (dynamic import, so `merge` and `k8s` never load it).
import { UsageError } from '../errors.js';
import { capacityCommand } from './load/capacity.js';
import { loadHelp } from './load/help.js';
import { k8sCommand } from './load/k8s.js';
import { mergeCommand } from './load/merge.js';
import { LoadUsageError } from './load/options.js';
import { runCommand } from './load/run.js';
import type { EmbeddedTarget } from './load/target.js';

async function startEmbedded(): Promise<EmbeddedTarget> {
  const { startReference } = (await import('../../reference/index.js')) as { startReference(options?: { log?: (line: string) => void }): Promise<EmbeddedTarget> };
  // The reference's request log would drown the progress lines; MCS_DEBUG brings it back.
  return startReference(process.env.MCS_DEBUG ? {} : { log: () => undefined });
}

export async function run(argv: string[]): Promise<number> {
  const [first, ...rest] = argv;
  try {
    switch (first) {
      case undefined:
      case '--help':
      case '-h':
      case 'help':
        process.stdout.write(loadHelp());
        return first === undefined ? 2 : 0;
      case 'capacity':
        return await capacityCommand(rest, startEmbedded);
      case 'merge':
        return await mergeCommand(rest);
      case 'k8s':
        return await k8sCommand(rest);
      default:
        return await runCommand(argv, startEmbedded);
    }
  } catch (error) {
    if (error instanceof LoadUsageError) throw new UsageError(error.message);
    throw error;
  }
}
