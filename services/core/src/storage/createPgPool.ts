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
};

/** A pg connection pool with the project's type parsing. */
export function createPgPool(opts: PgPoolOptions): pg.Pool {
  const pool = new pg.Pool({
    connectionString: opts.url,
    max: opts.max ?? 10,
    application_name: opts.applicationName ?? "tapeline",
    idleTimeoutMillis: 30_000,
  });
  // Without listeners a dying connection's error event would crash the process; both the pool
  // (idle clients) and each client (checked out, between queries) get one.
  pool.on("error", (err) => opts.onConnectionError?.(err));
  pool.on("connect", (client) => client.on("error", (err) => opts.onConnectionError?.(err)));
  return pool;
}
