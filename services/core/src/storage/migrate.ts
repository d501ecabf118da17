import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type pg from "pg";
import { useSequentialShardAccess } from "./sequentialShardAccess.ts";
import { splitSqlStatements } from "./splitSqlStatements.ts";

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

export type Migration = { version: number; name: string; sql: string };

/** The migrations shipped with the code, ordered by their numeric prefix. */
export function listMigrations(dir = MIGRATIONS_DIR): Migration[] {
  return readdirSync(dir)
    .filter((f) => /^\d{4}_.+\.sql$/.test(f))
    .sort()
    .map((f) => ({ version: Number(f.slice(0, 4)), name: f, sql: readFileSync(path.join(dir, f), "utf8") }));
}

/**
 * Applies every migration not yet recorded in `schema_migrations`, each in its own transaction,
 * in order. Concurrent callers serialize on an advisory lock, so pods starting together are safe.
 *
 * Each statement goes as its own query: Citus refuses DDL on distributed tables inside a
 * multi-statement query. Where the `citus` extension exists, a migration runs its shard commands
 * one connection at a time (`citus.multi_shard_modify_mode = sequential`), since Citus refuses
 * a type command in a transaction that already changed a distributed table in parallel.
 * @returns the names of the migrations applied by this call.
 */
export async function migrate(pool: pg.Pool, migrations = listMigrations()): Promise<string[]> {
  const client = await pool.connect();
  const applied: string[] = [];
  try {
    await client.query("select pg_advisory_lock(7261736501)");
    await client.query(
      "create table if not exists schema_migrations (version int primary key, name text not null, applied_at bigint not null)",
    );
    const done = new Set(
      (await client.query<{ version: number }>("select version from schema_migrations")).rows.map(
        (r) => r.version,
      ),
    );
    for (const m of migrations) {
      if (done.has(m.version)) continue;
      await client.query("begin");
      try {
        await useSequentialShardAccess(client);
        for (const statement of splitSqlStatements(m.sql)) await client.query(statement);
        await client.query("insert into schema_migrations (version, name, applied_at) values ($1, $2, $3)", [
          m.version,
          m.name,
          Date.now(),
        ]);
        await client.query("commit");
        applied.push(m.name);
      } catch (err) {
        await client.query("rollback");
        throw new Error(`migration ${m.name} failed: ${(err as Error).message}`, { cause: err });
      }
    }
  } finally {
    await client.query("select pg_advisory_unlock(7261736501)").catch(() => {});
    client.release();
  }
  return applied;
}
