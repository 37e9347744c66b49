// An outside validator of our own work: Stoplight Prism's validation proxy stands between the suites and the
// reference for a full `mcs certify`, and every response it finds breaking spec/v4.openapi.yaml or
// spec/v2.openapi.yaml fails this test. Our spec, our reference and our suites could share one misreading;
// Prism's reading of the OpenAPI files is code we did not write.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReference, type ReferenceHandle } from '../../reference/index.js';
import { targetTimeoutMs, timeLimit } from '../support/pace.js';
import { runMcs } from '../support/run-mcs.js';
import { responseViolations, startFront, type Front } from './front.js';
import { startPrismProxy, type PrismProxy } from './prism-proxy.js';

interface Stack {
  reference: ReferenceHandle;
  prisms: PrismProxy[];
  front: Front;
}

/** The reference (optionally faulty) behind one Prism per API, behind the prefix front. */
async function startStack(faults: string[] = []): Promise<Stack> {
  const reference = await startReference({ faults });
  const prisms = await Promise.all([startPrismProxy('spec/v4.openapi.yaml', reference.urls.v4), startPrismProxy('spec/v2.openapi.yaml', reference.urls.v2)]);
  const [v4, v2] = prisms as [PrismProxy, PrismProxy];
  const front = await startFront([
    { prefix: '/v4', upstream: v4.url },
    { prefix: '/v2', upstream: v2.url },
    { prefix: '', upstream: reference.urls.base },
  ]);
  return { reference, prisms, front };
}

async function stopStack(stack: Stack | undefined): Promise<void> {
  if (!stack) return;
  await stack.front.close();
  await Promise.all(stack.prisms.map((p) => p.close()));
  await stack.reference.close();
}

function describeMarks(front: Front): string {
  return responseViolations(front.marked)
    .slice(0, 20)
    .map((m) => `${m.method} ${m.path} -> ${m.status}: ${m.violations.map((v) => `${v.location.join('.')}: ${v.message}`).join('; ')}`)
    .join('\n');
}

// Prism takes seconds to start and validates every exchange: bounds from that work and this machine's pace,
// never asserted. A certify through it does the work of about two plain ones.
const prismStart = { nodeRuns: 3, quietMs: 20_000 };
const certifyThroughPrism = { mcsRuns: 1, certifications: 2 };
// Prism's proxy parses request bodies before forwarding: it answers malformed JSON itself and forwards a
// non-object body as something else. The checks that send such bodies on purpose test the target, not Prism,
// so they are left out of this run (they run against the reference directly in test/cli/certify-cli.e2e.ts).
const bodyRewritingChecks = ['errors/malformed-json-is-refused', 'errors/non-object-body-gets-400'];

describe('the reference behind Prism validation proxies', { timeout: timeLimit(certifyThroughPrism) }, () => {
  let stack: Stack | undefined;
  beforeAll(async () => {
    stack = await startStack();
  }, timeLimit(prismStart));
  afterAll(() => stopStack(stack));

  // What is asserted is Prism's verdict on the reference's responses, not the suite's verdict: Prism is not a
  // transparent proxy (it answers some requests it finds invalid itself, and under load it has been seen to
  // hold a request past the timeout), so a check may fail through it that passes directly. The suite's own
  // verdict on the reference is test/cli/certify-cli.e2e.ts's business.
  it('sees a full certify through it and finds no response that breaks the v4 or v2 spec', async () => {
    const { front, reference } = stack as Stack;
    const reports = await mkdtemp(join(tmpdir(), 'mcs-prism-'));
    const run = await runMcs(['certify', '--base-url', front.base, '--v2-base-url', `${front.base}/v2`, '--control-url', reference.urls.control, '--reports-dir', reports, '--timeout', String(targetTimeoutMs()), '--skip', bodyRewritingChecks.join(',')], {
      work: certifyThroughPrism,
    });
    expect([0, 1, 3], `certify could not run: ${run.stderr}`).toContain(run.code); // any verdict (3: incomplete)
    expect(front.forwarded, 'Prism saw no exchange: the front did not route through it').toBeGreaterThan(100);
    expect(describeMarks(front)).toBe('');
  });
});

describe('Prism as a detector', { timeout: timeLimit({ requests: 2 }) }, () => {
  let stack: Stack | undefined;
  beforeAll(async () => {
    stack = await startStack(['envelope.item-unwrapped']);
  }, timeLimit(prismStart));
  afterAll(() => stopStack(stack));

  it('marks a response of a faulty reference that breaks the spec (a channel without its {data} wrapper)', async () => {
    const { front, reference } = stack as Stack;
    const created = await fetch(`${reference.urls.control}/organizations`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    const org = ((await created.json()) as { data: { api_keys: { primary: { api_key: string } }; channels: Array<{ id: string }> } }).data;
    const channel = org.channels[0]?.id ?? '';
    const answer = await fetch(`${front.base}/v4/channels/${channel}`, { headers: { authorization: `Bearer ${org.api_keys.primary.api_key}` } });
    await answer.arrayBuffer();
    expect(answer.status).toBe(200);
    expect(responseViolations(front.marked).map((m) => m.path)).toEqual([`/v4/channels/${channel}`]);
  });
});
