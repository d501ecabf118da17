import type pg from "pg";

/** What the market reads need from Postgres: parameterized queries. */
export type MarketDb = Pick<pg.Pool, "query">;
