// A Kubernetes Indexed Job that runs the shards of one load run as pods: each pod takes its shard from
// JOB_COMPLETION_INDEX and writes its result JSON, which `mcs load merge` then adds up exactly.
import { stringify } from 'yaml';
import { shellWord } from '../text/shell.js';

export interface K8sJobOptions {
  profile: string;
  shards: number;
  image: string;
  runId: string;
  /** Arguments passed through to `mcs load <profile>` (rate, duration, target...). */
  loadArgs: string[];
  name?: string;
  /** The instant (epoch ms) at which every pod starts its schedule (--start-at of each shard). */
  startAtEpochMs: number;
  resources?: K8sResources;
}

/** Kubernetes quantities, e.g. cpu '1' or '500m', memory '512Mi'. */
export interface K8sResources {
  cpuRequest: string;
  cpuLimit: string;
  memoryRequest: string;
  memoryLimit: string;
}

// One Node.js process drives a shard: one core requested keeps it off a node with no room, and a limit
// of two leaves room for the garbage collector and the HTTP client's threads without CFS throttling
// stalls being measured as the target's latency.
export const DEFAULT_RESOURCES: K8sResources = { cpuRequest: '1', cpuLimit: '2', memoryRequest: '512Mi', memoryLimit: '1Gi' };

const QUANTITY = /^([0-9]+(\.[0-9]+)?|\.[0-9]+)(m|k|M|G|T|P|E|Ki|Mi|Gi|Ti|Pi|Ei)?$/;

/** Checks a resource quantity as Kubernetes writes them; throws with the flag's name. */
export function checkQuantity(flag: string, value: string): string {
  if (!QUANTITY.test(value)) throw new Error(`--${flag} must be a Kubernetes quantity such as 500m, 2, 512Mi or 1Gi (got '${value}')`);
  return value;
}

/** The pod's script: run the shard at the shared instant, then print its result after a marker line. */
export function podScript(o: Pick<K8sJobOptions, 'profile' | 'loadArgs' | 'runId' | 'shards'>): string {
  // The result is printed after a marker line so it can be collected from the pod's log, which outlives
  // the pod's filesystem; the run's exit status (1 on an SLO breach) is kept as the pod's. The command
  // runs in the image's working directory, which must hold this project (node cli/mcs.js, no npx: a pod
  // may have no registry to ask).
  return [
    'status=0',
    `node cli/mcs.js load ${shellWords([o.profile, ...o.loadArgs])} --run-id ${shellWords([o.runId])} --shard "$JOB_COMPLETION_INDEX/${o.shards}" --start-at "$MCS_START_AT" --quiet --out /tmp/result.json || status=$?`,
    `echo '${RESULT_MARKER}'`,
    // Through node, which the image has; a minimal image (mcs:local) has no cat.
    `node -e 'process.stdout.write(require("node:fs").readFileSync("/tmp/result.json"))'`,
    'exit $status',
  ].join('\n');
}

export function k8sJobManifest(o: K8sJobOptions): string {
  const name = k8sJobName(o);
  const labels = { app: 'mcs-load', 'mcs-run-id': o.runId };
  const r = o.resources ?? DEFAULT_RESOURCES;
  const job = {
    apiVersion: 'batch/v1',
    kind: 'Job',
    metadata: { name, labels },
    spec: {
      completionMode: 'Indexed',
      completions: o.shards,
      parallelism: o.shards,
      backoffLimit: 0,
      template: {
        metadata: { labels: { ...labels } }, // a copy: one object twice would come out as a YAML anchor
        spec: {
          restartPolicy: 'Never',
          // One shard per node: two generators on one node would measure the node, not the target.
          // Required, so a cluster with fewer nodes than shards leaves pods pending (kubectl get pods
          // shows why) rather than running them stacked.
          affinity: { podAntiAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [{ labelSelector: { matchLabels: { 'mcs-run-id': o.runId } }, topologyKey: 'kubernetes.io/hostname' }] } },
          containers: [
            {
              name: 'load',
              image: o.image,
              command: ['/bin/sh', '-c', podScript(o)],
              env: [
                // Credentials come from a Secret (optional: a target with a control API needs none).
                { name: 'MCS_API_KEY', valueFrom: { secretKeyRef: { name: SECRET_NAME, key: 'api-key', optional: true } } },
                { name: 'MCS_START_AT', value: String(o.startAtEpochMs) },
                { name: 'CI', value: 'true' },
              ],
              resources: { requests: { cpu: r.cpuRequest, memory: r.memoryRequest }, limits: { cpu: r.cpuLimit, memory: r.memoryLimit } },
            },
          ],
        },
      },
    },
  };
  return stringify(job);
}

export const SECRET_NAME = 'mcs-load';

export const RESULT_MARKER = '--- mcs load result ---';

export function k8sInstructions(o: K8sJobOptions, manifestPath: string, jobName: string): string {
  const selector = `-l mcs-run-id=${o.runId}`;
  return [
    `wrote ${manifestPath}: an Indexed Job of ${o.shards} pods (shard = JOB_COMPLETION_INDEX)`,
    `every pod starts its schedule at ${new Date(o.startAtEpochMs).toISOString()} (${o.startAtEpochMs}): apply the manifest before then;`,
    '  a pod that starts later runs at once and its lateness shows in the merge (which refuses an SLO verdict on poorly overlapping shards)',
    `the image ${o.image} must hold the whole tool in its working directory: npm run image:build makes mcs:local (push it to your registry)`,
    'run, collect and merge:',
    `  kubectl apply -f ${manifestPath}`,
    `  kubectl wait --for=condition=complete job/${jobName} --timeout=30m   # a shard whose SLO broke makes the job fail: check 'kubectl get pods ${selector}'`,
    `  ${collectCommand(`$(kubectl get pods ${selector} -o name)`, 'kubectl logs')}`,
    `  npx mcs load merge ${jobName}-*.json --out merged.json --slo '<your SLO>'   # judge the SLO on the merged histogram`,
    'note: pass --allow-remote in the load arguments when the pods target a service by its cluster address;',
    `      the pods read MCS_API_KEY from the Secret '${SECRET_NAME}' (key api-key) when it exists:`,
    `      kubectl create secret generic ${SECRET_NAME} --from-literal=api-key=...`,
    '',
  ].join('\n');
}

/** The collection loop of the instructions: each pod's log from the marker line on is its result file. */
export function collectCommand(pods: string, logs: string): string {
  return `for p in ${pods}; do ${logs} "$p" | sed -n '/^${RESULT_MARKER}$/,$p' | tail -n +2 > "\${p#pod/}.json"; done`;
}

export function k8sJobName(o: Pick<K8sJobOptions, 'profile' | 'runId' | 'name'>): string {
  return o.name ?? `mcs-load-${o.profile}-${o.runId}`.toLowerCase().replace(/[^a-z0-9-]/g, '-').slice(0, 52).replace(/-+$/, '');
}

function shellWords(words: string[]): string {
  return words.map(shellWord).join(' ');
}
