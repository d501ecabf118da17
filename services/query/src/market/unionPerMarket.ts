/**
 * SQL of one parenthesized branch per market joined with `union all`: `branch` gets the
 * placeholder of its market's parameter (added through `param`) and returns a full SELECT.
 *
 * Reads that take the newest few rows of each of several markets are written this way instead
 * of `unnest(markets) cross join lateral (… limit n)`: each branch filters one market by its
 * distribution key, so Citus routes it to the one shard holding the market (it cannot push a
 * lateral LIMIT over a table function down), and plain PostgreSQL probes each market's index
 * just as the lateral join does.
 */
export function unionPerMarket(
  markets: readonly string[],
  param: (value: unknown) => string,
  branch: (market: string) => string,
): string {
  if (markets.length === 0) throw new RangeError("unionPerMarket needs at least one market");
  return markets.map((m) => `(${branch(`${param(m)}::text`)})`).join(" union all ");
}
