import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCitusDatabase } from "./createCitusDatabase.ts";
import { findCitus } from "./findCitus.ts";
import { type CitusCluster, startCitusCluster } from "./startCitusCluster.ts";

const install = findCitus();
const title = install?.installed
  ? "a Citus cluster of this machine restarted"
  : "Citus cluster restart skipped: the citus extension is not installed (README: Testing on Citus)";

async function query<T extends pg.QueryResultRow>(url: string, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
}

describe.skipIf(!install?.installed)(title, () => {
  let cluster: CitusCluster;
  let url: string;

  beforeAll(async () => {
    cluster = await startCitusCluster(install!, 2);
    url = (await createCitusDatabase(cluster.urls, "restart_check")).url;
    await query(url, "create table kept (k text primary key, v int)");
    await query(url, "select create_distributed_table('kept', 'k')");
    await query(url, "insert into kept select 'k' || i, i from generate_series(1, 200) i");
  }, 180_000);
  afterAll(async () => {
    await cluster?.stop();
  });

  it("keeps every node's data, port and settings: the distributed rows read back through the coordinator", async () => {
    const before = await Promise.all(
      cluster.urls.map((u) => query(u, "select pg_postmaster_start_time() as t")),
    );
    await cluster.restart();
    const after = await Promise.all(
      cluster.urls.map((u) => query(u, "select pg_postmaster_start_time() as t")),
    );
    for (const [i, rows] of after.entries()) expect(rows[0]!.t).not.toEqual(before[i]![0]!.t);
    for (const u of cluster.urls) {
      const [row] = await query<{ libs: string; shards: string }>(
        u,
        "select current_setting('shared_preload_libraries') as libs, current_setting('citus.shard_count') as shards",
      );
      expect(row).toEqual({ libs: "citus", shards: "8" });
    }
    const [sum] = await query<{ n: string; s: string }>(url, "select count(*) as n, sum(v) as s from kept");
    expect(sum).toEqual({ n: "200", s: String((200 * 201) / 2) });
    // the rows sit on the workers: the coordinator read them from there
    const placements = await query<{ n: string }>(
      url,
      "select count(distinct nodeport) as n from pg_dist_shard_placement p join pg_dist_shard s using (shardid) where s.logicalrelid = 'kept'::regclass",
    );
    expect(Number(placements[0]!.n)).toBe(2);
  }, 120_000);
});
