import { randomBytes } from "node:crypto";
import pg from "pg";
import { createPgPool } from "../storage/createPgPool.ts";
import { migrate } from "../storage/migrate.ts";
import { createCitusDatabase } from "./createCitusDatabase.ts";

export type TestDatabase = { url: string; name: string; pool: pg.Pool; drop: () => Promise<void> };

const ADMIN_URL = process.env.TEST_PG_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

/**
 * Which server the test databases live on: the test PostgreSQL server, or, with
 * `TEST_DATABASE=citus`, the Citus cluster whose node URLs `TEST_CITUS_URLS` lists (coordinator
 * first; the test run's global setup starts that cluster and sets both).
 */
export function testDatabaseTarget(): "postgres" | "citus" {
  return process.env.TEST_DATABASE === "citus" ? "citus" : "postgres";
}

/**
 * Creates a fresh database on the test server (one per suite, so runs never share state),
 * applies the migrations unless `migrate: false`, and returns a pool plus a drop function. On
 * Citus the database exists on every node with the extension and the nodes registered, so the
 * migrations distribute the tables as they do in production.
 */
export async function createTestDatabase(opts: { migrate?: boolean } = {}): Promise<TestDatabase> {
  const name = `tl_test_${randomBytes(6).toString("hex")}`;
  let url: string;
  let dropDatabase: () => Promise<void>;
  if (testDatabaseTarget() === "citus") {
    const urls = (process.env.TEST_CITUS_URLS ?? "").split(",").filter((u) => u !== "");
    if (urls.length === 0)
      throw new Error("TEST_DATABASE=citus needs TEST_CITUS_URLS (the Citus nodes, coordinator first)");
    ({ url, drop: dropDatabase } = await createCitusDatabase(urls, name));
  } else {
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    url = ADMIN_URL.replace(/\/[^/]*$/, `/${name}`);
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: ADMIN_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
  }
  const pool = createPgPool({ url, max: 8 });
  if (opts.migrate !== false) await migrate(pool);
  return {
    url,
    name,
    pool,
    drop: async () => {
      await pool.end();
      await dropDatabase();
    },
  };
}

/** A key prefix unique to one test suite, so Redis-backed tests never collide. */
export function testRedisPrefix(label: string): string {
  return `tl:test:${label}:${randomBytes(4).toString("hex")}:`;
}

export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
