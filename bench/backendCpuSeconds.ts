import { readFileSync } from "node:fs";
import type pg from "pg";

/** CPU seconds (user + system) used so far by one database's backends, from /proc (Linux); null elsewhere. */
export async function backendCpuSeconds(pool: pg.Pool, name: string): Promise<number | null> {
  const res = await pool.query<{ pid: number }>("select pid from pg_stat_activity where datname = $1", [
    name,
  ]);
  let ticks = 0;
  try {
    for (const { pid } of res.rows) {
      const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
      ticks += Number(fields[11]) + Number(fields[12]);
    }
  } catch {
    return null;
  }
  return ticks / 100;
}
