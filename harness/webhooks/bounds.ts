// How much the suites' webhook receivers hold (harness/webhooks-fixture.ts), and what certify says of it.
const MiB = 1024 * 1024;
/**
 * What the suites' receivers hold, whoever posts to them (the target, or anyone who can reach the port). The
 * description says nothing of a delivery's size; its events are JSON of a few hundred bytes (a message's text
 * and attachment URLs at most), so 1 MiB a delivery is a thousand times what a conforming target sends, and
 * 4 MiB kept a receiver holds thousands of them where a check waits for a handful. The budget is shared by
 * every receiver of the process (a vitest worker: one file's receiver at a time) and counts bodies being read
 * too, so a flood costs at most 8 MiB a worker: more is answered 503 once the receiver's oldest are gone.
 */
export const receiverBounds = { maxBodyBytes: MiB, maxKeptBytes: 4 * MiB, budgetBytes: 8 * MiB } as const;
