import { Job } from 'kubernetes-models/batch/v1/Job';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { DEFAULT_RESOURCES, k8sInstructions, k8sJobManifest, k8sJobName, RESULT_MARKER } from './k8s.js';

const options = {
  profile: 'send',
  shards: 4,
  image: 'registry.local/mcs:1',
  runId: 'ab12',
  loadArgs: ['--rate', '400', '--base-url', 'http://mms.svc:8080', '--allow-remote', '--slo', 'p99<250ms'],
  startAtEpochMs: 1_790_000_000_000,
  resources: { cpuRequest: '500m', cpuLimit: '2', memoryRequest: '256Mi', memoryLimit: '1Gi' },
};

/** The manifest as Kubernetes' own schemas for batch/v1 Job see it (kubernetes-models validates against them). */
function validatedJob(text: string): Job {
  const job = new Job(parse(text) as ConstructorParameters<typeof Job>[0]);
  job.validate();
  return job;
}

describe('k8s Indexed Job', () => {
  it("validates against Kubernetes' Job schema: Indexed, N pods, each taking its shard from JOB_COMPLETION_INDEX", () => {
    const job = validatedJob(k8sJobManifest(options));
    expect(job.spec).toMatchObject({ completionMode: 'Indexed', completions: 4, parallelism: 4, backoffLimit: 0 });
    const container = job.spec?.template.spec?.containers[0];
    expect(container?.image).toBe(options.image);
    const script = container?.command?.[2] ?? '';
    expect(script).toContain('--shard "$JOB_COMPLETION_INDEX/4"');
    expect(script).toContain('--run-id ab12');
    expect(script).toContain('--start-at "$MCS_START_AT"');
    expect(script).toContain(`echo '${RESULT_MARKER}'`);
    // Pass-through flags survive shell quoting.
    expect(script).toContain("--slo 'p99<250ms'");
    expect(script).toContain('node cli/mcs.js load send --rate 400');
    expect(container?.env).toContainEqual({ name: 'MCS_START_AT', value: '1790000000000' });
    expect(container?.env).toContainEqual({ name: 'MCS_API_KEY', valueFrom: { secretKeyRef: { name: 'mcs-load', key: 'api-key', optional: true } } });
  });

  it('requests and limits CPU and memory, and spreads the pods one per node', () => {
    const job = validatedJob(k8sJobManifest(options));
    const pod = job.spec?.template.spec;
    expect(pod?.containers[0]?.resources).toEqual({ requests: { cpu: '500m', memory: '256Mi' }, limits: { cpu: '2', memory: '1Gi' } });
    const rule = pod?.affinity?.podAntiAffinity?.requiredDuringSchedulingIgnoredDuringExecution?.[0];
    expect(rule?.topologyKey).toBe('kubernetes.io/hostname');
    // The anti-affinity selects this run's pods, by the label the template gives them.
    expect(rule?.labelSelector?.matchLabels).toEqual({ 'mcs-run-id': 'ab12' });
    expect(job.spec?.template.metadata?.labels).toMatchObject({ 'mcs-run-id': 'ab12' });
    const defaults = validatedJob(k8sJobManifest({ ...options, resources: undefined }));
    expect(defaults.spec?.template.spec?.containers[0]?.resources).toEqual({ requests: { cpu: DEFAULT_RESOURCES.cpuRequest, memory: DEFAULT_RESOURCES.memoryRequest }, limits: { cpu: DEFAULT_RESOURCES.cpuLimit, memory: DEFAULT_RESOURCES.memoryLimit } });
  });

  it('a manifest that breaks the schema fails the validation (the check can fail)', () => {
    const broken = parse(k8sJobManifest(options)) as { spec: { completions: unknown } };
    broken.spec.completions = 'four';
    expect(() => new Job(broken as unknown as ConstructorParameters<typeof Job>[0]).validate()).toThrow();
  });

  it('tells how to collect the shard results and merge them, and when the pods start', () => {
    const text = k8sInstructions(options, 'job.yaml', k8sJobName(options));
    expect(text).toContain('kubectl apply -f job.yaml');
    expect(text).toContain('mcs load merge');
    expect(text).toContain(new Date(options.startAtEpochMs).toISOString());
    expect(k8sJobName(options)).toMatch(/^[a-z0-9-]+$/);
  });
});
