// The text of `mcs load --help`.
import { profiles } from '../profiles/index.js';
import { cores, remoteDefault } from './workers.js';

export function loadHelp(): string {
  const list = Object.values(profiles)
    .map((p) => `  ${p.name.padEnd(18)} ${p.description}`)
    .join('\n');
  return `Usage:
  mcs load <profile> [--duration 10] [--connections N | --rate R [--in-flight N]] [--slo EXPR]
                     [--base-url URL --control-url URL | --config FILE] [--out FILE] [--shard i/N] [--workers N]
                     [--allow-remote]
  mcs load capacity --profile P --slo EXPR [--start-rate 50] [--max-rate 100000] [--duration 5 (per step)] [--warmup 2]
  mcs load merge a.json b.json ... [--out merged.json] [--slo EXPR]
  mcs load k8s --profile P --shards N --image IMG [--out job.yaml (default load/out/)] [-- <flags of mcs load P>]

Profiles:
${list}

Load models:
  --connections N    closed model (default, 10 connections): each connection sends as soon as its previous
                     response is in. Latency from the actual send.
  --rate R           open model: R requests/s on a fixed schedule; latency from each request's intended
                     start, so a stalled server shows in the percentiles (no coordinated omission).
                     --in-flight N (or --connections N) caps requests in flight (default 256).

Workers: --workers N runs the schedule on N worker threads, each an interleaved share as shards take
  (request g to worker g mod N), merged exactly. Default: 1 when the target is loopback, because the
  server under test shares this machine's ${cores()} cores and every core the generator takes is taken from
  it; ${remoteDefault()} (cores - 1) when the target is remote. Profiles that verify the whole run (send-retry-storm,
  webhook-delivery) run on one. Before an open-model run the generator measures the highest rate its
  workers can schedule and says when --rate is beyond it; the result says it again from the run itself
  (\`generator.ceilingRate\`).

Target: flags > environment (MCS_BASE_URL, MCS_CONTROL_URL, MCS_API_KEY) > --config FILE, as for certify.
  With none, the embedded reference is started and stopped afterwards. Only loopback targets unless
  --allow-remote.

Warm-up: --warmup SECONDS runs the same load first, unmeasured (default 0; capacity: 2).

Bounds: --duration SECONDS (default 10, at most 3600), --max-requests N (default 1000000), --timeout MS per
  request (default the target config's, 10000); the run is cut at duration + timeout + 2 s.

Results: JSON (default load/out/), latency in ms from an HDR histogram (µs precision, encoded in the file).
  --slo 'p99<250ms,errors<0.1%,rate>100' (p50 p90 p99 p99.9 max in us|ms|s, errors in %, rate in req/s):
  exit 1 when breached, or when a profile's verification (duplicates, lost deliveries) fails.

Profile options: --replay-share 0.2 (send-retry-storm), --chats 16 | --chat-ids a,b (send-chat),
  --drive sent|none --drain-ms 10000 (webhook-delivery), --receiver-url URL --secret-env NAME
  --shape v4|v2|mixed (webhook-receiver; without --receiver-url the suite's own receiver is sized).

Shards: --shard i/N (0-based) runs one share: rate/N on an interleaved schedule, keys partitioned;
  give every shard the same --run-id and the total --rate, then merge their results.
`;
}
