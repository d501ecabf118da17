import pg from "pg";

// numeric and int8 come back as strings: amounts and ms times must never pass through a float.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => v);
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => v);

export type PgPoolOptions = { url: string; max?: number; applicationName?: string };

/** A pg connection pool with the project's type parsing. */
export function createPgPool(opts: PgPoolOptions): pg.Pool {
  return new pg.Pool({
    connectionString: opts.url,
    max: opts.max ?? 10,
    application_name: opts.applicationName ?? "tapeline",
    idleTimeoutMillis: 30_000,
  });
}
