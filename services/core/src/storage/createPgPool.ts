import pg from "pg";

// numeric and int8 come back as strings: amounts and ms times must never pass through a float.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => v);
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => v);

export type PgPoolOptions = {
  url: string;
  max?: number;
  applicationName?: string;
  /** Told when an idle connection dies (server restart, shutdown); the pool drops it and reconnects. */
  onIdleError?: (err: Error) => void;
};

/** A pg connection pool with the project's type parsing. */
export function createPgPool(opts: PgPoolOptions): pg.Pool {
  const pool = new pg.Pool({
    connectionString: opts.url,
    max: opts.max ?? 10,
    application_name: opts.applicationName ?? "tapeline",
    idleTimeoutMillis: 30_000,
  });
  // Without a listener an idle client's error would crash the process; the pool already discards it.
  pool.on("error", (err) => opts.onIdleError?.(err));
  return pool;
}
