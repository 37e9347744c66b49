// A bounded pool: one worker per lane (a lane is whatever a worker needs to itself, such as a child process),
// each taking the next item until none is left; results in input order.
export async function runPool<T, L, R>(items: readonly T[], lanes: readonly L[], work: (item: T, lane: L) => Promise<R>): Promise<R[]> {
  if (lanes.length === 0) throw new Error('a pool needs at least one lane');
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async (lane: L): Promise<void> => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index] as T, lane);
    }
  };
  await Promise.all(lanes.map(worker));
  return results;
}
