import { createHash } from "node:crypto";
import type pg from "pg";
import type { MarketDb } from "./MarketDb.ts";

/** Distinct statement texts a process prepares; texts past it run unprepared. */
export const PREPARED_TEXTS_MAX = 500;

/**
 * The market reads over `pool` as named prepared statements: each distinct text gets a name the
 * first time it runs, so every pooled connection parses it once and PostgreSQL can reuse its
 * plan. The hot reads are small index probes whose planning costs more CPU than running them;
 * a prepared statement skips the parse, and its plan once PostgreSQL judges a generic plan as
 * good as the custom ones. The texts are a bounded set (one per read shape, and per market count
 * for the reads that name each market), held to `max` so a connection never accumulates
 * statements without end.
 */
export function preparedStatements(pool: Pick<pg.Pool, "query">, max = PREPARED_TEXTS_MAX): MarketDb {
  const names = new Map<string, string>();
  const nameOf = (text: string): string | undefined => {
    let name = names.get(text);
    if (name === undefined && names.size < max) {
      // named by the text itself, so two of these over one pool never give a name two texts
      name = `m_${createHash("sha1").update(text).digest("hex")}`;
      names.set(text, name);
    }
    return name;
  };
  return {
    query: ((text: string | pg.QueryConfig, values?: unknown[]) => {
      // a caller's own query config (a name of its own, a row mode) goes through as it is
      if (typeof text !== "string") return pool.query(text, values);
      const name = nameOf(text);
      return name === undefined ? pool.query(text, values) : pool.query({ name, text, values: values ?? [] });
    }) as MarketDb["query"],
  };
}
