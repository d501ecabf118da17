/**
 * Orders two stream ids of the Redis form `<ms>-<seq>` (a bare `<ms>` counts as `<ms>-0`).
 * @returns a negative number, zero or a positive number, like a sort comparator.
 */
export function compareStreamIds(a: string, b: string): number {
  const [am, as] = splitStreamId(a);
  const [bm, bs] = splitStreamId(b);
  if (am !== bm) return am < bm ? -1 : 1;
  if (as !== bs) return as < bs ? -1 : 1;
  return 0;
}

function splitStreamId(id: string): [bigint, bigint] {
  const m = /^(\d+)(?:-(\d+))?$/.exec(id);
  if (!m) throw new RangeError(`invalid stream id ${JSON.stringify(id)}`);
  return [BigInt(m[1]!), BigInt(m[2] ?? "0")];
}
