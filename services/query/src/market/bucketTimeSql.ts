import type { IntervalSpec } from "./parseInterval.ts";

/**
 * SQL expression giving the candle start (unix seconds, bigint) of a base bucket start held in
 * `column`; the SQL twin of `alignBucket`. The text depends only on the interval spec (a closed
 * set), never on request input, so it is safe to splice into a statement.
 */
export function bucketTimeSql(spec: IntervalSpec, column: string): string {
  if (!/^[a-z_][a-z0-9_.]*$/.test(column)) throw new TypeError(`bad column ${column}`);
  if (spec.seconds === null) {
    return `extract(epoch from date_trunc('month', to_timestamp(${column}) at time zone 'UTC'))::bigint`;
  }
  if (spec.seconds === spec.base) return `${column}`;
  // floor to a multiple in integer arithmetic (numeric division costs several times more per row)
  return `(${column} - ((${column} % ${spec.seconds}) + ${spec.seconds}) % ${spec.seconds})`;
}
