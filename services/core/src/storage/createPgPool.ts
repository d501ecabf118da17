import pg from "pg";

// numeric and int8 come back as strings: amounts and ms times must never pass through a float.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => v);
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => v);

export type PgPoolOptions = {
  url: string;
  max?: number;
  applicationName?: string;
  /**
   * Told when a connection dies outside a query (server restart or shutdown); the pool drops it
   * and reconnects, and a query in flight fails with its own error.
   */
  onConnectionError?: (err: Error) => void;
  /**
   * Bound of opening a connection and of waiting for a free one in the pool; past it the query
   * fails ("timeout exceeded when trying to connect"). @defaultValue 5000
   */
  connectTimeoutMs?: number;
  /**
   * Server-side `statement_timeout` of every connection: Postgres cancels a statement running
   * longer (code 57014). Unset: no bound (migrations, backfills and batch writes may run long).
   */
  statementTimeoutMs?: number;
  /**
   * Client-side bound of one query (pg `query_timeout`): covers a server or network that stalls
   * and never answers, which `statement_timeout` cannot. The connection is dropped afterwards.
   * @defaultValue statementTimeoutMs + 200 when that is set, otherwise no bound
   */
  queryTimeoutMs?: number;
};

/** A pg connection pool with the project's type parsing and bounded waits (see PgPoolOptions). */
export function createPgPool(opts: PgPoolOptions): pg.Pool {
  const queryTimeout =
    opts.queryTimeoutMs ??
    (opts.statementTimeoutMs === undefined ? undefined : opts.statementTimeoutMs + 200);
  const pool = new pg.Pool({
    connectionString: opts.url,
    max: opts.max ?? 10,
    application_name: opts.applicationName ?? "tapeline",
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: opts.connectTimeoutMs ?? 5000,
    ...(opts.statementTimeoutMs === undefined ? {} : { statement_timeout: opts.statementTimeoutMs }),
    ...(queryTimeout === undefined ? {} : { query_timeout: queryTimeout }),
  });
  // Without listeners a dying connection's error event would crash the process; both the pool
  // (idle clients) and each client (checked out, between queries) get one.
  pool.on("error", (err) => opts.onConnectionError?.(err));
  pool.on("connect", (client) => client.on("error", (err) => opts.onConnectionError?.(err)));
  return pool;
}
