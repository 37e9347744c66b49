import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { k8sInstructions, k8sJobManifest, k8sJobName } from './k8s.js';

const options = { profile: 'send', shards: 4, image: 'registry.local/mcs:1', runId: 'ab12', loadArgs: ['--rate', '400', '--base-url', 'http://mms.svc:8080', '--allow-remote', '--slo', 'p99<250ms'] };

describe('k8s Indexed Job', () => {
  it('runs N pods in Indexed mode, each taking its shard from JOB_COMPLETION_INDEX', () => {
    const job = parse(k8sJobManifest(options)) as {
      kind: string;
      spec: { completionMode: string; completions: number; parallelism: number; template: { spec: { restartPolicy: string; containers: Array<{ image: string; command: string[] }> } } };
    };
    expect(job.kind).toBe('Job');
    expect(job.spec).toMatchObject({ completionMode: 'Indexed', completions: 4, parallelism: 4 });
    const container = job.spec.template.spec.containers[0];
    expect(container?.image).toBe(options.image);
    const script = container?.command[2] ?? '';
    expect(script).toContain('--shard "$JOB_COMPLETION_INDEX/4"');
    expect(script).toContain('--run-id ab12');
    // Pass-through flags survive shell quoting.
    expect(script).toContain("--slo 'p99<250ms'");
    expect(script).toContain('node cli/mcs.js load send --rate 400');
  });

  it('tells how to collect the shard results and merge them', () => {
    const text = k8sInstructions(options, 'job.yaml', k8sJobName(options));
    expect(text).toContain('kubectl apply -f job.yaml');
    expect(text).toContain('mcs load merge');
    expect(k8sJobName(options)).toMatch(/^[a-z0-9-]+$/);
  });
});
