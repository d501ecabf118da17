import { listMigrations, type Migration, TapelineError } from "@tapeline/core";
import type pg from "pg";

/** The database lacks migrations this build needs; the operator's migrations Job applies them. */
export class SchemaNotMigratedError extends TapelineError {
  override name = "SchemaNotMigratedError";
  constructor(readonly missing: string[]) {
    super(
      `database schema is not migrated: missing ${missing.join(", ")}. ` +
        "The ingest worker never migrates; run the migrations (the operator's migrations Job) first.",
    );
  }
}

/**
 * Checks that every migration shipped with this build is recorded in `schema_migrations`.
 * @throws SchemaNotMigratedError naming the missing migrations (all of them when the table is absent).
 */
export async function checkSchemaVersion(
  pool: pg.Pool,
  migrations: Migration[] = listMigrations(),
): Promise<void> {
  let applied: Set<number>;
  try {
    const res = await pool.query<{ version: number }>("select version from schema_migrations");
    applied = new Set(res.rows.map((r) => Number(r.version)));
  } catch (err) {
    // 42P01: undefined table, a database never migrated
    if ((err as { code?: string }).code !== "42P01") throw err;
    applied = new Set();
  }
  const missing = migrations.filter((m) => !applied.has(m.version)).map((m) => m.name);
  if (missing.length > 0) throw new SchemaNotMigratedError(missing);
}
