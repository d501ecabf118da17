import { ConfigError, createEnvReader } from "@tapeline/core";
import { gatePlugin } from "../billing/gatePlugin.ts";
import type { GateConfig } from "../gates/createGateFromConfig.ts";
import type { GatePlugin } from "../gates/GatePlugin.ts";
import { DEFAULT_MAX_CONNECTIONS_PER_ADDRESS } from "../http/capConnectionsPerAddress.ts";
import { DEFAULT_STREAM_LIMITS, type StreamLimits } from "../streams/streamProtocol.ts";

/** The router's configuration, read once at start. */
export type RouterConfig = {
  /** `HOST`, default `0.0.0.0`. */
  host: string;
  /** `PORT`, default 8080. */
  port: number;
  /**
   * `API_WORKERS`, default 1: router processes in this pod, sharing its port (one per CPU the
   * pod is given lets one pod use all of them).
   */
  workers: number;
  /** `SHARD_MAP_PATH`, required: the shard-map JSON the operator publishes (a mounted ConfigMap). */
  shardMapPath: string;
  /** `SHARD_MAP_POLL_MS`, default 2000: how often the shard map is re-read. */
  shardMapPollMs: number;
  /**
   * `SHARD_TIMEOUT_MS`, default 1200: bound of one call to a query shard, so a stalled shard
   * answers 503 within 2 s.
   */
  shardTimeoutMs: number;
  /** `REDIS_COMMAND_TIMEOUT_MS`, default 500: bound of one Redis command of the gate (503 past it). */
  redisCommandTimeoutMs: number;
  /** `REDIS_CONNECT_TIMEOUT_MS`, default 1000: bound of opening a Redis connection. */
  redisConnectTimeoutMs: number;
  /**
   * `READY_CHECK_INTERVAL_MS`, default 1000: how often Redis, the gate's Postgres and the query
   * shards are checked for /readyz, `dependency_up` and failing fast while Redis is down.
   */
  readyCheckIntervalMs: number;
  /** `BODY_LIMIT_BYTES`, default 262144: bound of a request body (413 above). */
  bodyLimitBytes: number;
  /**
   * `MAX_CONNECTIONS_PER_ADDRESS`, default 256 (0: no cap): open connections one peer address may
   * hold on one router process; more are answered 429 and closed. Behind an ingress the peer is
   * the ingress, so raise it there to what the ingress keeps open to one router.
   */
  maxConnectionsPerAddress: number;
  /**
   * `TRUST_PROXY_HOPS`, default 0: proxies in front of the router that append to
   * `X-Forwarded-For` (1 for an ingress controller). The client address (per-IP limits of the demo
   * listener, sign-in throttling) is the one the outermost trusted hop saw; with 0 it is the socket's,
   * so a router reached directly cannot be told another address by a forged header.
   */
  trustProxyHops: number;
  /** `SHUTDOWN_GRACE_MS`, default 20000: how long in-flight requests may finish after SIGTERM. */
  shutdownGraceMs: number;
  /**
   * `DEMO_PORT`, optional: when set (and billing is enabled), the demo listener serves the read
   * endpoints there with no key, rate-limited per client IP.
   */
  demoPort: number | undefined;
  /** `PUBLIC_URL`, optional: the base URL written into /openapi.json. */
  publicUrl: string | undefined;
  /** `BILLING_ENABLED`, default true: false serves every request unbilled (private deployments). */
  billingEnabled: boolean;
  /** `REDIS_URL`, required when billing is enabled: the gate's counters. */
  redisUrl: string | undefined;
  /** The gate plugin and its own settings; null when billing is disabled. */
  gate: GateConfig;
  /**
   * `BUS_PREFIX`, default `tl:bus:`: where the ingest's market events live in `REDIS_URL`'s Redis.
   * Streams are served when `REDIS_URL` is set.
   */
  busPrefix: string;
  /**
   * Stream bounds: `STREAM_AUTH_TIMEOUT_MS` (10000), `STREAM_CONNECTIONS_PER_KEY` (20, per router
   * process), `STREAM_SUBSCRIPTIONS_PER_CONNECTION` (100), `STREAM_MAX_FRAME_BYTES` (16384),
   * `STREAM_MAX_BUFFERED_BYTES` (4 MiB).
   */
  streams: StreamLimits;
};

/**
 * Reads the router's configuration and, when billing is enabled, the gate plugin's, collecting
 * every problem of both.
 * @throws ConfigError listing every problem.
 */
export async function loadRouterConfig(
  env: Record<string, string | undefined> = process.env,
  loadPlugin: () => Promise<GatePlugin | null> = async () => gatePlugin,
): Promise<RouterConfig> {
  const r = createEnvReader(env);
  const billingEnabled = r.bool("BILLING_ENABLED", true);
  const config: RouterConfig = {
    host: r.string("HOST", "0.0.0.0"),
    port: r.int("PORT", 8080, 1, 65535),
    workers: readWorkers(r),
    shardMapPath: r.string("SHARD_MAP_PATH"),
    shardMapPollMs: r.int("SHARD_MAP_POLL_MS", 2000, 100),
    shardTimeoutMs: r.int("SHARD_TIMEOUT_MS", 1200, 100),
    redisCommandTimeoutMs: r.int("REDIS_COMMAND_TIMEOUT_MS", 500, 10),
    redisConnectTimeoutMs: r.int("REDIS_CONNECT_TIMEOUT_MS", 1000, 10),
    readyCheckIntervalMs: r.int("READY_CHECK_INTERVAL_MS", 1000, 100),
    bodyLimitBytes: r.int("BODY_LIMIT_BYTES", 256 * 1024, 1024, 64 * 1024 * 1024),
    maxConnectionsPerAddress: r.int(
      "MAX_CONNECTIONS_PER_ADDRESS",
      DEFAULT_MAX_CONNECTIONS_PER_ADDRESS,
      0,
      1_000_000,
    ),
    trustProxyHops: r.int("TRUST_PROXY_HOPS", 0, 0, 16),
    shutdownGraceMs: r.int("SHUTDOWN_GRACE_MS", 20_000, 0),
    demoPort: r.optional("DEMO_PORT") === undefined ? undefined : r.int("DEMO_PORT", 8081, 1, 65535),
    publicUrl: r.optional("PUBLIC_URL"),
    billingEnabled,
    redisUrl: billingEnabled ? r.string("REDIS_URL") : r.optional("REDIS_URL"),
    gate: null,
    busPrefix: r.string("BUS_PREFIX", "tl:bus:"),
    streams: {
      authTimeoutMs: r.int("STREAM_AUTH_TIMEOUT_MS", DEFAULT_STREAM_LIMITS.authTimeoutMs, 100, 600_000),
      connectionsPerKey: r.int(
        "STREAM_CONNECTIONS_PER_KEY",
        DEFAULT_STREAM_LIMITS.connectionsPerKey,
        1,
        100_000,
      ),
      subscriptionsPerConnection: r.int(
        "STREAM_SUBSCRIPTIONS_PER_CONNECTION",
        DEFAULT_STREAM_LIMITS.subscriptionsPerConnection,
        1,
        10_000,
      ),
      maxFrameBytes: r.int("STREAM_MAX_FRAME_BYTES", DEFAULT_STREAM_LIMITS.maxFrameBytes, 256, 1024 * 1024),
      maxBufferedBytes: r.int(
        "STREAM_MAX_BUFFERED_BYTES",
        DEFAULT_STREAM_LIMITS.maxBufferedBytes,
        16 * 1024,
        1024 * 1024 * 1024,
      ),
    },
  };
  if (config.demoPort !== undefined && !billingEnabled) {
    r.problems.push(
      "DEMO_PORT needs BILLING_ENABLED=true (the demo listener's per-IP limits live in the gate)",
    );
  }
  if (billingEnabled) {
    const plugin = await loadPlugin();
    if (!plugin) {
      r.problems.push("BILLING_ENABLED is true but this build has no gate plugin");
    } else {
      try {
        config.gate = { plugin, config: plugin.readConfig(env) };
      } catch (err) {
        if (!(err instanceof ConfigError)) throw err;
        r.problems.push(...err.problems);
      }
    }
  }
  r.done();
  return config;
}

const readWorkers = (r: ReturnType<typeof createEnvReader>) => r.int("API_WORKERS", 1, 1, 64);

/**
 * `API_WORKERS` alone, read before the workers start (each worker then reads the whole
 * configuration).
 * @throws ConfigError when it is not an integer in [1, 64].
 */
export function routerWorkers(env: Record<string, string | undefined> = process.env): number {
  const r = createEnvReader(env);
  const workers = readWorkers(r);
  r.done();
  return workers;
}
