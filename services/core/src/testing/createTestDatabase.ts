import { randomBytes } from "node:crypto";
import pg from "pg";
import { createPgPool } from "../storage/createPgPool.ts";
import { migrate } from "../storage/migrate.ts";

export type TestDatabase = { url: string; name: string; pool: pg.Pool; drop: () => Promise<void> };

const ADMIN_URL = process.env.TEST_PG_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

/**
 * Creates a fresh database on the test PostgreSQL server (one per suite, so runs never share
 * state), applies the migrations unless `migrate: false`, and returns a pool plus a drop function.
 */
export async function createTestDatabase(opts: { migrate?: boolean } = {}): Promise<TestDatabase> {
  const name = `tl_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = ADMIN_URL.replace(/\/[^/]*$/, `/${name}`);
  const pool = createPgPool({ url, max: 8 });
  if (opts.migrate !== false) await migrate(pool);
  return {
    url,
    name,
    pool,
    drop: async () => {
      await pool.end();
      const c = new pg.Client({ connectionString: ADMIN_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** A key prefix unique to one test suite, so Redis-backed tests never collide. */
export function testRedisPrefix(label: string): string {
  return `tl:test:${label}:${randomBytes(4).toString("hex")}:`;
}

export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
