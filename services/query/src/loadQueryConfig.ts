import { type ChainId, createEnvReader, type FreshnessPolicy, readFreshnessPolicy } from "@tapeline/core";
import { parseFunderTags } from "./funding/parseFunderTags.ts";
import { parseLockers } from "./lockers/parseLockers.ts";
import { type HoldingsNodeConfig, parseHoldingsNodes } from "./portfolio/parseHoldingsNodes.ts";

/** A query pod's configuration, read once at start. */
export type QueryConfig = {
  /** `HOST`, default `0.0.0.0`. */
  host: string;
  /** `PORT`, default 8081. */
  port: number;
  /** `DATABASE_URL`, required: the Postgres (or Citus coordinator) the shard reads. */
  databaseUrl: string;
  /** `PG_POOL_MAX`, default 10: connections per pod. */
  pgPoolMax: number;
  /**
   * `PG_STATEMENT_TIMEOUT_MS`, default 800: bound of one statement (server side, and 200 ms more
   * on the client for a database that stalls), so a call answers 503 instead of hanging.
   */
  pgStatementTimeoutMs: number;
  /** `PG_CONNECT_TIMEOUT_MS`, default 500: bound of getting a connection from the pool. */
  pgConnectTimeoutMs: number;
  /** `READY_STALE_BLOCKS`, `READY_STALE_MIN_MS`, `READY_BLOCK_TIMES`: when a chain counts as stale. */
  freshness: FreshnessPolicy;
  /** `SHARD_NAME`, default `query`: this shard's name in the shard map (the operator sets it), for logs. */
  shardName: string;
  /** `SHARD_SET`, optional: the ShardSet the shard belongs to (the operator sets it), for logs. */
  shardSet: string | undefined;
  /** `RPC_BODY_LIMIT_BYTES`, default 1048576: bound of an RPC body. */
  bodyLimitBytes: number;
  /** `SHUTDOWN_GRACE_MS`, default 20000: how long in-flight calls may finish after SIGTERM. */
  shutdownGraceMs: number;
  /**
   * `REDIS_URL`, optional: the Redis of the market event bus. Without it the shard follows no
   * events and caches every answer for its short lifetime only.
   */
  redisUrl: string | undefined;
  /** `BUS_PREFIX`, default `tl:bus:`: where the ingest's market events live in `REDIS_URL`'s Redis. */
  busPrefix: string;
  /** `SHARD_MAP_PATH`, optional: the shard-map JSON the operator publishes; it says which keys are this shard's. */
  shardMapPath: string | undefined;
  /** `SHARD_MAP_POLL_MS`, default 2000: how often the shard map and the chain registry are read again. */
  shardMapPollMs: number;
  /** `HOT_TTL_MS`, default 5000: how long an owned key's answer is kept while no event touches it. */
  hotTtlMs: number;
  /**
   * `HOLDINGS_NODES`, default none: the chain nodes wallet positions read holdings from, as
   * `<chain>=<url>[|<multicall3>]` entries separated by commas. A chain without one answers
   * wallet positions with 503 HOLDINGS_UNAVAILABLE.
   */
  holdingsNodes: ReadonlyMap<ChainId, HoldingsNodeConfig>;
  /**
   * `FUNDER_TAGS`, default none: funder tags added to (or replacing) the shipped label set, as
   * `<chain>=<address>=<tag>` entries separated by commas.
   */
  funderTags: ReadonlyMap<string, string>;
  /**
   * `IDENTITY_FILE`, optional: a JSON file of social identity records (`{ "records": [...] }`,
   * see `src/identity/README.md`) the wallet profiles read; read once at startup.
   */
  identityFile: string | undefined;
  /**
   * `LOCKERS`, default none: LP and token locker contracts added to the shipped locker list
   * (`src/lockers/lockers.json`), as `<chain>=<address>` entries separated by commas.
   */
  lockers: ReadonlySet<string>;
};

/**
 * Reads a query pod's configuration.
 * @throws ConfigError listing every problem.
 */
export function loadQueryConfig(env: Record<string, string | undefined> = process.env): QueryConfig {
  const r = createEnvReader(env);
  const databaseUrl = r.string("DATABASE_URL");
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    r.problems.push("DATABASE_URL must be a postgres:// URL");
  }
  const config: QueryConfig = {
    host: r.string("HOST", "0.0.0.0"),
    port: r.int("PORT", 8081, 1, 65535),
    databaseUrl,
    pgPoolMax: r.int("PG_POOL_MAX", 10, 1, 1000),
    pgStatementTimeoutMs: r.int("PG_STATEMENT_TIMEOUT_MS", 800, 10),
    pgConnectTimeoutMs: r.int("PG_CONNECT_TIMEOUT_MS", 500, 10),
    freshness: readFreshnessPolicy(r),
    shardName: r.string("SHARD_NAME", "query"),
    shardSet: r.optional("SHARD_SET"),
    bodyLimitBytes: r.int("RPC_BODY_LIMIT_BYTES", 1024 * 1024, 1024),
    shutdownGraceMs: r.int("SHUTDOWN_GRACE_MS", 20_000, 0),
    redisUrl: r.optional("REDIS_URL"),
    busPrefix: r.string("BUS_PREFIX", "tl:bus:"),
    shardMapPath: r.optional("SHARD_MAP_PATH"),
    shardMapPollMs: r.int("SHARD_MAP_POLL_MS", 2000, 100),
    hotTtlMs: r.int("HOT_TTL_MS", 5000, 0, 3_600_000),
    holdingsNodes: parseHoldingsNodes(r.optional("HOLDINGS_NODES"), r.problems),
    funderTags: parseFunderTags(r.optional("FUNDER_TAGS"), r.problems),
    identityFile: r.optional("IDENTITY_FILE"),
    lockers: parseLockers(r.optional("LOCKERS"), r.problems),
  };
  if (config.shardMapPath && !config.redisUrl) r.problems.push("SHARD_MAP_PATH needs REDIS_URL (the bus)");
  r.done();
  return config;
}
