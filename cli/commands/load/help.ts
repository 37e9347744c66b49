// The texts of `mcs load --help` and of each subcommand's --help (help.test.ts checks that each
// names every flag its subcommand accepts).
import { DEFAULT_RESOURCES } from '../../../load/k8s.js';
import { DEFAULT_MAX_RUNS_PER_STEP, DEFAULT_TOLERANCE } from '../../../load/capacity.js';
import { DEFAULT_MIN_OVERLAP } from '../../../load/overlap.js';
import { profiles } from '../../../load/profiles/index.js';
import { cores, remoteDefault } from './workers.js';

export function loadHelp(): string {
  const list = Object.values(profiles)
    .map((p) => `  ${p.name.padEnd(18)} ${p.description}`)
    .join('\n');
  return `Usage:
  mcs load <profile> [--duration 10] [--connections N | --rate R [--in-flight N]] [--slo EXPR]
                     [--base-url URL --control-url URL | --config FILE] [--out FILE] [--shard i/N] [--workers N]
                     [--allow-remote] [--start-at TIME] [--run-id ID] [--samples FILE] [--quiet]
  mcs load capacity --profile P --slo EXPR [...]          (mcs load capacity --help)
  mcs load merge a.json b.json ... [--slo EXPR] [...]     (mcs load merge --help)
  mcs load k8s --profile P --shards N --image IMG [...]   (mcs load k8s --help)

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
  it; one fewer than the cores when the target is remote (${remoteDefault()} on this machine, at least 1). Profiles that verify the whole run (send-retry-storm,
  webhook-delivery) run on one. Before an open-model run the generator measures the highest rate its
  workers can schedule and says when --rate is beyond it; the result says it again from the run itself
  (\`generator.ceilingRate\`).

Target: flags > environment (MCS_BASE_URL, MCS_CONTROL_URL, MCS_API_KEY) > --config FILE, as for certify:
  --base-url URL (v4), --v2-base-url URL, --control-url URL, --api-key KEY, --config FILE.
  With none, the embedded reference is started and stopped afterwards. Only loopback targets unless
  --allow-remote.

Warm-up: --warmup SECONDS runs the same load first, unmeasured (default 0; capacity: 2).

Bounds: --duration S (default 10, at most 3600), --max-requests N (default 1000000), --request-timeout S per
  request (default the target config's, 10); the run is cut at duration + timeout + 2 s. Every duration is
  in seconds, fractions allowed (0.5, or 500ms); the old --timeout MS and --drain-ms MS are still read, with
  a warning.

Results: JSON (--out FILE, default ./reports/load/), latency in ms from an HDR histogram (µs precision, encoded in
  the file), with a per-second series (sent, completed, errors, latency histogram); --samples FILE writes
  every raw latency (µs, one a line); --quiet drops the progress lines.
  --html FILE   also a standalone HTML report: percentile curve, throughput and latency over time, and for
                capacity latency against offered rate.
  --hgrm FILE   also the HDR percentile distribution (.hgrm, ms) for HdrHistogram plotters; for capacity,
                of the highest rate that held.
  --slo 'p99<250ms,errors<0.1%,rate>100' (p50 p90 p99 p99.9 max in us|ms|s, errors in %, rate in req/s):
  exit 1 when breached, or when a profile's verification (duplicates, lost deliveries) fails.

Profile options: --replay-share 0.2 (send-retry-storm), --chats 16 | --chat-ids a,b (send-chat),
  --drive sent|none --drain 10 (webhook-delivery: seconds to wait for deliveries after the run), --receiver-url URL --secret-env NAME
  --shape v4|v2|mixed (webhook-receiver; without --receiver-url the suite's own receiver is sized).

Shards: --shard i/N (0-based) runs one share: rate/N on an interleaved schedule, keys partitioned;
  give every shard the same --run-id and the total --rate, then merge their results.
  --start-at TIME (epoch ms or ISO 8601 with its offset, e.g. 2026-11-26T05:00:00Z) sets the profile up,
  then waits until that instant and starts the schedule there, so shards on several machines start
  together; a shard that is late starts at once. The result records its window and lateness.

Examples:
  mcs load send --duration 5                                   the embedded reference, 10 connections
  mcs load send --rate 200 --duration 30 --slo 'p99<250ms'     open model; exit 1 when the SLO breaks
  mcs load send --base-url http://127.0.0.1:8080 --api-key "$MCS_API_KEY" --rate 100 --out send.json

--help, -h: this text; mcs load capacity|merge|k8s --help: theirs.
`;
}

export function capacityHelp(): string {
  return `Usage: mcs load capacity --profile P --slo EXPR [options]
The highest open-model rate at which the SLO holds: rates step up by --factor from --start-rate until the
SLO breaks (or --max-rate), then bisect between the last held and the first broken rate. Each step runs
at least twice, until two runs agree within --tolerance; a step that disagrees with its neighbour runs
again. The capacity is an interval; steps that still disagree are reported as noise with their figures,
and broken steps the generator or a busy machine could explain are named (try --workers or shards).

  --profile P          the profile to size (${Object.keys(profiles).join(', ')})
  --slo EXPR           required: 'p99<50ms,errors<0.1%' (see mcs load --help)
  --start-rate R       first rate, requests/s (default 50)
  --max-rate R         highest rate tried (default 100000)
  --factor F           step-up factor in (1, 10] (default 2)
  --precision P        stop bisecting when the bracket is within this fraction, in (0, 1) (default 0.05)
  --max-steps N        at most N rates in all, in [1, 100] (default 20)
  --tolerance F        two runs agree when their figures are within this fraction of each SLO limit (or
                       both clear of it by more), in (0, 1] (default ${DEFAULT_TOLERANCE})
  --max-runs N         runs of one rate while no two agree, in [2, 10] (default ${DEFAULT_MAX_RUNS_PER_STEP})
  --duration S         seconds per run of a step (default 5)
  --warmup S           unmeasured seconds at --start-rate first (default 2)
  --in-flight N, --connections N   cap on requests in flight (default 256)
  --workers N          worker threads for every step (see mcs load --help, Workers)
  --out FILE           the capacity report JSON (default ./reports/load/)
  --html FILE          also a standalone HTML report (each step's curve, latency against offered rate, the
                       steps over time)
  --hgrm FILE          also the HDR percentile distribution (.hgrm, ms) of the highest rate that held
  --quiet              no line per run and step
  --help, -h           this text

Target and bounds as for mcs load <profile>: --base-url --v2-base-url --control-url --api-key --config
  --allow-remote --request-timeout S (the old --timeout MS too) --max-requests N (per step); --shard i/N
  --run-id ID for one share of a sharded search; profile options --replay-share --chats --chat-ids --drive
  --drain S (the old --drain-ms MS too) --receiver-url --secret-env --shape. Not here: --rate (the search
  picks the rates), --start-at, --samples.
Example:
  mcs load capacity --profile send --slo 'p99<50ms' --duration 2 --start-rate 100 --html capacity.html
Exit 0 when some rate held; 1 when not even --start-rate did and the search is sure the target is why;
3 when not even --start-rate held but the runs disagreed or the diagnosis names another cause (the
generator sending late, a busy machine); 2 on bad input.
`;
}

export function mergeHelp(): string {
  return `Usage: mcs load merge a.json b.json ... [--out merged.json] [--slo EXPR] [--min-overlap 0.9] [--allow-skew] [--allow-partial] [--html FILE] [--hgrm FILE]
Adds shard results exactly: histograms bucket by bucket (percentiles of the sum, never averaged), counts,
and the per-second series lined up on their start times. Only a coherent set is merged: shards of one run
(run id, target, profile), each shard i of n once with i < n, none missing, counts finite, non-negative
and adding up, histograms that decode; otherwise exit 2 with one line naming the file.

  --out FILE           the merged result (default ./reports/load/)
  --slo EXPR           judge the SLO on the merged result (exit 1 when breached)
  --min-overlap F      the least share of the run during which every shard was running, in [0, 1]
                       (default ${DEFAULT_MIN_OVERLAP}); below it the SLO is not judged: exit 1 with the reason
  --allow-skew         judge the SLO anyway; the result is marked (overlap.skewAllowed, slo.caveat)
  --allow-partial      merge a set with shards missing, on purpose: the result says which (partial);
                       an SLO is not judged on it (exit 1 with the reason)
  --html FILE          also the standalone HTML report of the merged result (its series is the combined load)
  --hgrm FILE          also the HDR percentile distribution (.hgrm, ms) of the merged histogram
  --help, -h           this text
Example:
  mcs load merge shard0.json shard1.json --slo 'p99<250ms' --out merged.json
`;
}

export function k8sHelp(): string {
  const r = DEFAULT_RESOURCES;
  return `Usage: mcs load k8s --profile P --shards N --image IMG [options] [-- <flags of mcs load P>]
Writes a Kubernetes Indexed Job of N pods, one shard each (shard = JOB_COMPLETION_INDEX), all starting
their schedules at one instant, and prints how to run it, collect the results and merge them.

  --profile P          the profile to run (${Object.keys(profiles).join(', ')})
  --shards N           pods (shards), in [1, 1000]; one per node (required pod anti-affinity)
  --image IMG          an image holding the whole tool (npm run image:build makes mcs:local; push it)
  --lead S             the start instant is now + S seconds (default 30; 90s, 2m): the time you have to apply
                       the manifest and the cluster has to pull and start every pod
  --start-at TIME      the start instant itself (epoch ms or ISO 8601), instead of --lead
  --cpu-request Q      CPU request of each pod (default ${r.cpuRequest}), --cpu-limit Q (default ${r.cpuLimit})
  --memory-request Q   memory request of each pod (default ${r.memoryRequest}), --memory-limit Q (default ${r.memoryLimit})
  --run-id ID          shared by every shard (default random); names the Job
  --out FILE           the manifest (default ./reports/load/)
  --help, -h           this text
After --, the flags of mcs load <profile> (not --shard, --out, --run-id, --start-at, --api-key: the Job
sets them, and the key comes from the Secret mcs-load).
Example:
  mcs load k8s --profile send --shards 4 --image registry.example.com/mcs:0.1.0 --lead 90s --out job.yaml \\
    -- --rate 4000 --duration 60 --base-url https://sandbox.example.com --allow-remote
`;
}
