import {
  type ChainId,
  createEnvReader,
  type FreshnessPolicy,
  parseChainId,
  readFreshnessPolicy,
} from "@tapeline/core";
import { TAPELINE_LAUNCHPAD_VENUE } from "../evm/decoders/decodeLaunchCurveLog.ts";
import { venueDecoders } from "../evm/decoders/venueDecoders.ts";
import type { FactoryInfo } from "../evm/factoryRegistry.ts";
import { TAPELINE_LAUNCHPAD } from "../evm/launchpadRegistry.ts";
import {
  parseSolanaProgramEntries,
  type SolanaProgramEntry,
} from "../solana/programs/createSolanaProgramRegistry.ts";
import { SOLANA_VENUES } from "../solana/solanaVenues.ts";
import { KNOWN_EVM_CHAINS } from "./knownEvmChains.ts";

type Env = Record<string, string | undefined>;

/** EVM settings beyond what every chain has; defaults from {@link KNOWN_EVM_CHAINS}. */
export type IngestEvmSettings = {
  /** `WRAPPED_NATIVE`: the wrapped native token; required for a chain not in KNOWN_EVM_CHAINS. */
  wrappedNative: string;
  /** `STABLECOINS` (csv of addresses): USD stablecoins; default the known chain's, else none. */
  stablecoins: string[];
  /**
   * `EXTRA_FACTORIES` (JSON array of `{ factory, venueType, exchangeName, feeBps?, logoUrl? }`):
   * factories beyond the built-in ones of the chain (a devnet, a new fork). Default none.
   */
  factories: FactoryInfo[];
  /** `OP_STACK` (true/false): receipts carry an L1 data fee; default the known chain's, else false. */
  opStack: boolean;
  /** `MULTICALL3`: Multicall3 address; default the canonical one on known chains, else none. */
  multicall3: string | null;
  /** `MAX_BLOCK_RANGE`, default 100: most blocks per eth_getLogs call and per write. */
  maxBlockRange: number;
  /** `POLL_INTERVAL_MS`: head polling interval; default about the known chain's block time, else 1000. */
  pollIntervalMs: number;
  /** `NATIVE_SYMBOL` / `NATIVE_NAME` / `NATIVE_DECIMALS`: the native coin; default the known chain's, else ETH. */
  native: { name: string; symbol: string; decimals: number };
  /** `RELAYERS` (csv of addresses): relayer/solver contracts whose swaps are made for the recipient; default none. */
  relayers: string[];
  /** `RPC_MAX_RPS`: request-rate cap per endpoint; default none. */
  maxRps: number | undefined;
};

/**
 * An ingest worker's configuration. The first group of variables is what the operator's ingest
 * Deployment sets (operator/src/chain/desiredIngestDeployment.ts); the rest have defaults.
 */
export type IngestConfig = {
  /** `CHAIN_ID`, required: `evm:<EIP-155 id>` or `solana`. */
  chain: ChainId;
  /** `CHAIN_NAME`, required: the Chain resource's name; the chain's slug in the registry. */
  chainName: string;
  /** `FINALITY_DEPTH`, default 64: blocks after which a block is final (deeper reorgs stop the worker). */
  finalityDepth: number;
  /** `VENUES`, required (csv): venue types decoded, each one this build has a decoder for. */
  venues: string[];
  /** `START_BLOCK`: first block (slot) when the chain has no checkpoint; default the head at first start. */
  startBlock: bigint | null;
  /** `RPC_URL_COUNT` and `RPC_URL_0` … `RPC_URL_<n-1>`, required: JSON-RPC HTTP endpoints in order. */
  rpcUrls: string[];
  /** `RPC_WS_URL`, optional: WebSocket endpoint for newHeads (EVM), attached to the first endpoint. */
  rpcWsUrl: string | undefined;
  /** `DATABASE_URL`, required: the Postgres (or Citus coordinator) written to. */
  databaseUrl: string;
  /**
   * `BUS`, default `redis`: where inserted trades and rollbacks are published. `redis` needs
   * `REDIS_URL` (streams under `BUS_PREFIX`, default `tl:bus:`); `memory` keeps them in the
   * process (a worker run alone, nothing subscribes).
   */
  bus: { kind: "redis"; url: string; prefix: string } | { kind: "memory" };
  /** `REDIS_URL`: Redis of the bus; required unless `BUS=memory`. */
  redisUrl: string | undefined;
  /** `HOST`, default `0.0.0.0`, and `PORT`, default 8080: /healthz, /readyz and /metrics. */
  host: string;
  port: number;
  /**
   * `BULL_PREFIX`, default `tl:bull`, and `BACKFILL_CONCURRENCY`, default 1: the BullMQ prefix of
   * the chain's backfill queue (consumed when Redis is configured; EVM only) and the ranges run at once.
   */
  backfill: { bullPrefix: string; concurrency: number };
  /** `PG_POOL_MAX`, default 4: database connections. */
  pgPoolMax: number;
  /**
   * `READY_STALE_BLOCKS` (default 5), `READY_STALE_MIN_MS` (default 30000), `READY_BLOCK_TIMES`:
   * /readyz answers 503 once no new head was written for max(blocks x block time, min) ms.
   */
  freshness: FreshnessPolicy;
  /** EVM settings; null on Solana. */
  evm: IngestEvmSettings | null;
  /**
   * `SOLANA_PROGRAMS` (JSON array of `{ programId, kind: "venue" | "router", type, name, source? }`):
   * Solana programs named beyond (or over) the built-in `programs.json`. Default none; empty on EVM.
   */
  solanaPrograms: SolanaProgramEntry[];
};

function readSolanaPrograms(raw: string | undefined, problems: string[]): SolanaProgramEntry[] {
  if (raw === undefined) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    problems.push("SOLANA_PROGRAMS must be a JSON array");
    return [];
  }
  const { entries, problems: found } = parseSolanaProgramEntries(parsed, "SOLANA_PROGRAMS");
  problems.push(...found);
  return entries;
}

const ADDRESS_RE = /^0x[0-9a-fA-F]{40}$/;

function parseFactories(raw: string | undefined, problems: string[]): FactoryInfo[] {
  if (raw === undefined) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    problems.push("EXTRA_FACTORIES must be a JSON array");
    return [];
  }
  if (!Array.isArray(parsed)) {
    problems.push("EXTRA_FACTORIES must be a JSON array");
    return [];
  }
  const out: FactoryInfo[] = [];
  parsed.forEach((e: unknown, i) => {
    const o = (e ?? {}) as Record<string, unknown>;
    const feeBps = o.feeBps ?? null;
    const logoUrl = o.logoUrl ?? null;
    let problem: string | null = null;
    if (typeof o.factory !== "string" || !ADDRESS_RE.test(o.factory)) problem = "factory must be an address";
    else if (typeof o.venueType !== "string" || !venueDecoders.has(o.venueType))
      problem = `venueType must be one of ${[...venueDecoders.keys()].join(", ")}`;
    else if (typeof o.exchangeName !== "string" || o.exchangeName === "")
      problem = "exchangeName must be a non-empty string";
    else if (feeBps !== null && (typeof feeBps !== "number" || !Number.isInteger(feeBps) || feeBps < 0))
      problem = "feeBps must be a non-negative integer or null";
    else if (logoUrl !== null && !isHttpsUrl(logoUrl)) problem = "logoUrl must be an https URL or null";
    if (problem !== null) {
      problems.push(`EXTRA_FACTORIES[${i}].${problem}`);
      return;
    }
    out.push({
      factory: (o.factory as string).toLowerCase(),
      venueType: o.venueType as string,
      exchangeName: o.exchangeName as string,
      feeBps: feeBps as number | null,
      logoUrl: logoUrl as string | null,
      // a launchpad venue's factory is a launchpad, with the registry's sale supply
      ...(o.venueType === TAPELINE_LAUNCHPAD_VENUE && { launchpad: TAPELINE_LAUNCHPAD }),
    });
  });
  return out;
}

/** A served logo is a link users' browsers follow: an absolute https URL only. */
function isHttpsUrl(v: unknown): boolean {
  if (typeof v !== "string" || v.length > 2048) return false;
  try {
    return new URL(v).protocol === "https:";
  } catch {
    return false;
  }
}

function parseAddress(name: string, raw: string, problems: string[]): string {
  if (!ADDRESS_RE.test(raw)) problems.push(`${name} must be a 0x address, got ${JSON.stringify(raw)}`);
  return raw.toLowerCase();
}

function parseAddressList(name: string, raw: string, problems: string[]): string[] {
  return raw
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s, i) => parseAddress(`${name}[${i}]`, s, problems));
}

function readEvm(r: ReturnType<typeof createEnvReader>, env: Env, evmId: number | null): IngestEvmSettings {
  const known = evmId === null ? undefined : KNOWN_EVM_CHAINS[evmId];
  const wrappedRaw = r.optional("WRAPPED_NATIVE");
  let wrappedNative = known?.wrappedNative ?? "";
  if (wrappedRaw !== undefined) wrappedNative = parseAddress("WRAPPED_NATIVE", wrappedRaw, r.problems);
  else if (!known && evmId !== null)
    r.problems.push(`WRAPPED_NATIVE is required: evm:${evmId} is not a chain with built-in defaults`);
  const stableRaw = r.optional("STABLECOINS");
  const stablecoins =
    stableRaw === undefined
      ? [...(known?.stablecoins ?? [])]
      : parseAddressList("STABLECOINS", stableRaw, r.problems);
  const multicallRaw = r.optional("MULTICALL3");
  const maxRpsRaw = r.optional("RPC_MAX_RPS");
  return {
    wrappedNative,
    stablecoins,
    factories: parseFactories(env.EXTRA_FACTORIES || undefined, r.problems),
    opStack: r.bool("OP_STACK", known?.opStack ?? false),
    multicall3:
      multicallRaw === undefined
        ? (known?.multicall3 ?? null)
        : parseAddress("MULTICALL3", multicallRaw, r.problems),
    maxBlockRange: r.int("MAX_BLOCK_RANGE", 100, 1, 100_000),
    pollIntervalMs: r.int("POLL_INTERVAL_MS", known?.pollIntervalMs ?? 1000, 10, 600_000),
    native: {
      name: r.string("NATIVE_NAME", known?.native.name ?? "Ether"),
      symbol: r.string("NATIVE_SYMBOL", known?.native.symbol ?? "ETH"),
      decimals: r.int("NATIVE_DECIMALS", known?.native.decimals ?? 18, 0, 36),
    },
    relayers: parseAddressList("RELAYERS", r.optional("RELAYERS") ?? "", r.problems),
    maxRps: maxRpsRaw === undefined ? undefined : r.int("RPC_MAX_RPS", 0, 1, 1_000_000),
  };
}

/**
 * Reads and validates an ingest worker's configuration from the environment the operator gives
 * its Deployment (plus optional tuning), collecting every problem before failing.
 * @throws ConfigError listing each missing or invalid variable.
 */
export function loadIngestConfig(env: Env = process.env): IngestConfig {
  const r = createEnvReader(env);
  let chain: ChainId = "solana";
  const chainRaw = r.string("CHAIN_ID");
  let chainOk = false;
  if (chainRaw) {
    try {
      chain = parseChainId(chainRaw, "CHAIN_ID");
      chainOk = true;
    } catch {
      r.problems.push(`CHAIN_ID must be evm:<EIP-155 id> or solana, got ${JSON.stringify(chainRaw)}`);
    }
  }
  const isSolana = chainOk && chain === "solana";
  const evmId = chainOk && chain !== "solana" ? Number(chain.slice(4)) : null;
  const chainName = r.string("CHAIN_NAME");

  const venues = r
    .string("VENUES")
    .split(",")
    .map((v) => v.trim())
    .filter(Boolean);
  if (chainOk) {
    const known = isSolana ? SOLANA_VENUES.map((v) => v.venueType as string) : [...venueDecoders.keys()];
    for (const v of venues) {
      if (!known.includes(v))
        r.problems.push(`VENUES: no ${chain} decoder for ${v} (known: ${known.join(", ")})`);
    }
  }

  const startRaw = r.optional("START_BLOCK");
  let startBlock: bigint | null = null;
  if (startRaw !== undefined) {
    if (/^[0-9]{1,19}$/.test(startRaw)) startBlock = BigInt(startRaw);
    else r.problems.push(`START_BLOCK must be a block number, got ${JSON.stringify(startRaw)}`);
  }

  if (r.optional("RPC_URL_COUNT") === undefined)
    r.problems.push("RPC_URL_COUNT is required (with RPC_URL_0 … RPC_URL_<count-1>)");
  const count = r.int("RPC_URL_COUNT", 0, 1, 64);
  const rpcUrls: string[] = [];
  for (let i = 0; i < count; i++) {
    const url = r.string(`RPC_URL_${i}`);
    if (url && !/^https?:\/\//.test(url)) r.problems.push(`RPC_URL_${i} must be an http(s):// URL`);
    rpcUrls.push(url);
  }
  const rpcWsUrl = r.optional("RPC_WS_URL");
  if (rpcWsUrl && !/^wss?:\/\//.test(rpcWsUrl)) r.problems.push("RPC_WS_URL must be a ws(s):// URL");

  const databaseUrl = r.string("DATABASE_URL");
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl))
    r.problems.push("DATABASE_URL must be a postgres:// URL");

  const busKind = r.oneOf("BUS", ["redis", "memory"] as const, "redis");
  const redisUrl = busKind === "redis" ? r.string("REDIS_URL") : r.optional("REDIS_URL");
  if (redisUrl && !/^rediss?:\/\//.test(redisUrl)) r.problems.push("REDIS_URL must be a redis:// URL");
  const bus: IngestConfig["bus"] =
    busKind === "memory"
      ? { kind: "memory" }
      : { kind: "redis", url: redisUrl ?? "", prefix: r.string("BUS_PREFIX", "tl:bus:") };

  const config: IngestConfig = {
    chain,
    chainName,
    finalityDepth: r.int("FINALITY_DEPTH", 64, 1, 100_000),
    venues,
    startBlock,
    rpcUrls,
    rpcWsUrl,
    databaseUrl,
    bus,
    redisUrl,
    host: r.string("HOST", "0.0.0.0"),
    port: r.int("PORT", 8080, 1, 65_535),
    backfill: {
      bullPrefix: r.string("BULL_PREFIX", "tl:bull"),
      concurrency: r.int("BACKFILL_CONCURRENCY", 1, 1, 32),
    },
    pgPoolMax: r.int("PG_POOL_MAX", 4, 2, 100),
    freshness: readFreshnessPolicy(r),
    evm: chainOk && !isSolana ? readEvm(r, env, evmId) : null,
    solanaPrograms: isSolana ? readSolanaPrograms(r.optional("SOLANA_PROGRAMS"), r.problems) : [],
  };
  r.done();
  return config;
}
