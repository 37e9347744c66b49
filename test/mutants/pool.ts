// A bounded pool: one worker per lane (a lane is whatever a worker needs to itself, such as a child process),
// each taking the next item until none is left; results in input order. A lane may join late: `joinAt` gives,
// for a lane, the index of the first item it may take, and it starts once every item before that is taken.
export async function runPool<T, L, R>(items: readonly T[], lanes: readonly L[], work: (item: T, lane: L) => Promise<R>, joinAt: (lane: L) => number = () => 0): Promise<R[]> {
  if (lanes.length === 0) throw new Error('a pool needs at least one lane');
  const results = new Array<R>(items.length);
  let next = 0;
  const waiting: { from: number; start: () => void }[] = [];
  const taken = () => {
    next++;
    for (const waiter of waiting.filter(({ from }) => from <= next)) {
      waiting.splice(waiting.indexOf(waiter), 1);
      waiter.start();
    }
  };
  const worker = async (lane: L): Promise<void> => {
    const from = Math.min(joinAt(lane), items.length);
    if (from > next) await new Promise<void>((start) => waiting.push({ from, start }));
    while (next < items.length) {
      const index = next;
      taken();
      results[index] = await work(items[index] as T, lane);
    }
  };
  await Promise.all(lanes.map(worker));
  return results;
}
