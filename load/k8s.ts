// A Kubernetes Indexed Job that runs the shards of one load run as pods: each pod takes its shard from
// JOB_COMPLETION_INDEX and writes its result JSON, which `mcs load merge` then adds up exactly.
import { stringify } from 'yaml';

export interface K8sJobOptions {
  profile: string;
  shards: number;
  image: string;
  runId: string;
  /** Arguments passed through to `mcs load <profile>` (rate, duration, target...). */
  loadArgs: string[];
  name?: string;
}

export function k8sJobManifest(o: K8sJobOptions): string {
  const name = k8sJobName(o);
  // The result is printed after a marker line so it can be collected from the pod's log, which outlives
  // the pod's filesystem; the run's exit status (1 on an SLO breach) is kept as the pod's. The command
  // runs in the image's working directory, which must hold this project (node cli/mcs.js, no npx: a pod
  // may have no registry to ask).
  const script = [
    'status=0',
    `node cli/mcs.js load ${shellWords([o.profile, ...o.loadArgs])} --run-id ${shellWords([o.runId])} --shard "$JOB_COMPLETION_INDEX/${o.shards}" --out /tmp/result.json || status=$?`,
    `echo '${RESULT_MARKER}'`,
    'cat /tmp/result.json',
    'exit $status',
  ].join('\n');
  const job = {
    apiVersion: 'batch/v1',
    kind: 'Job',
    metadata: { name, labels: { app: 'mcs-load', 'mcs-run-id': o.runId } },
    spec: {
      completionMode: 'Indexed',
      completions: o.shards,
      parallelism: o.shards,
      backoffLimit: 0,
      template: {
        metadata: { labels: { app: 'mcs-load', 'mcs-run-id': o.runId } },
        spec: {
          restartPolicy: 'Never',
          containers: [
            {
              name: 'load',
              image: o.image,
              command: ['/bin/sh', '-c', script],
              // Credentials come from a Secret (optional: a target with a control API needs none).
              env: [{ name: 'MCS_API_KEY', valueFrom: { secretKeyRef: { name: SECRET_NAME, key: 'api-key', optional: true } } }, { name: 'CI', value: 'true' }],
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
    `the image ${o.image} must hold this whole project (cli/, load/, harness/, generators/, spec/ and node_modules) in its working directory;`,
    "  the reference image of the project's Dockerfile holds only what `mcs serve` needs, so build one from the whole tree",
    'run, collect and merge:',
    `  kubectl apply -f ${manifestPath}`,
    `  kubectl wait --for=condition=complete job/${jobName} --timeout=30m   # a shard whose SLO broke makes the job fail: check 'kubectl get pods ${selector}'`,
    `  for p in $(kubectl get pods ${selector} -o name); do kubectl logs "$p" | sed -n '/^${RESULT_MARKER}$/,$p' | tail -n +2 > "\${p#pod/}.json"; done`,
    `  npx mcs load merge ${jobName}-*.json --out merged.json --slo '<your SLO>'   # judge the SLO on the merged histogram`,
    'note: pass --allow-remote in the load arguments when the pods target a service by its cluster address;',
    `      the pods read MCS_API_KEY from the Secret '${SECRET_NAME}' (key api-key) when it exists:`,
    `      kubectl create secret generic ${SECRET_NAME} --from-literal=api-key=...`,
    '',
  ].join('\n');
}

export function k8sJobName(o: Pick<K8sJobOptions, 'profile' | 'runId' | 'name'>): string {
  return o.name ?? `mcs-load-${o.profile}-${o.runId}`.toLowerCase().replace(/[^a-z0-9-]/g, '-').slice(0, 52).replace(/-+$/, '');
}

function shellWords(words: string[]): string {
  return words.map((w) => (/^[A-Za-z0-9_./:=@%+,-]+$/.test(w) ? w : `'${w.replace(/'/g, `'\\''`)}'`)).join(' ');
}
