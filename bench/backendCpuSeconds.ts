import { readdirSync, readFileSync } from "node:fs";
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

/**
 * CPU seconds (user + system) used so far by a process and every live descendant, counting the
 * children they have already reaped (a router's workers, a PostgreSQL server's ended backends),
 * from /proc (Linux); null when `pid` is not running.
 */
export function processTreeCpuSeconds(pid: number): number | null {
  const stats = new Map<number, { ppid: number; ticks: number }>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const fields = readFileSync(`/proc/${entry}/stat`, "utf8").split(") ")[1]!.split(" ");
      // utime, stime, cutime, cstime (fields 14-17 of proc(5), 0-based 11-14 after the name)
      const ticks = Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
      stats.set(Number(entry), { ppid: Number(fields[1]), ticks });
    } catch {
      // the process ended while the list was read
    }
  }
  if (!stats.has(pid)) return null;
  let ticks = 0;
  for (const [p, s] of stats) {
    let at: number | undefined = p;
    let ancestorOrSelf = false;
    for (let hops = 0; at !== undefined && at > 1 && hops < 64; hops++) {
      if (at === pid) {
        ancestorOrSelf = true;
        break;
      }
      at = stats.get(at)?.ppid;
    }
    if (ancestorOrSelf) ticks += s.ticks;
  }
  return ticks / 100;
}
