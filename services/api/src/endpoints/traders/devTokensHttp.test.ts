import type { ChainId, PoolRecord, TokenRecord } from "@tapeline/core";
import { createTestDatabase, type TestDatabase, testDatabaseTarget } from "@tapeline/core/testing";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serveApi } from "../../../../../test/api/serveApi.ts";
import { writeBatch } from "../../../../ingest/src/writer/writeBatch.ts";
import { createDevTokenQueries } from "../../../../query/src/devTokens/createDevTokenQueries.ts";
import { provider as devTokensProvider } from "../../../../query/src/devTokens/provider.ts";
import { traderEndpoints } from "./endpoints.ts";

/**
 * `GET /v1/token/dev-tokens` over HTTP on markets written through the ingest writer, state by
 * state: one deployer's tokens rugged, abandoned, graduated and active (and a drained market that
 * is not the best pool, a dip after the first week, a token whose deploy time is its market's).
 * The verdicts, rows and stats expected are computed here from the states written, by the
 * documented rules; the deployer is resolved through a launchpad creator; every bound and error.
 */

const EVM: ChainId = "evm:1";
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const NOW = Math.floor(Date.now() / MIN) * MIN;
const RATE = 2000;
const WETH = `0x${"ee".repeat(20)}`;
const DEV = `0x${"de".repeat(20)}`;
const OTHER = `0x${"0f".repeat(20)}`;
const addr = (tag: number) => `0x${tag.toString(16).padStart(2, "0").repeat(20)}`;

type Spec = {
  token: string;
  deployer: string | null;
  /** token creation time; null: unknown (the earliest market's counts) */
  createdAt: number | null;
  pools: {
    address: string;
    createdAt: number;
    launchpad?: { creator: string; migrated: boolean };
    /** liquidity in native, by age from the deploy */
    states: [number, string][];
  }[];
};

const D = (n: number) => NOW - n * DAY;
const SPECS: Spec[] = [
  // rugged: 1 ETH, then 0.01 ETH (20 USD) 12 h after deploy
  {
    token: addr(0x11),
    deployer: DEV,
    createdAt: D(20),
    pools: [
      {
        address: addr(0x21),
        createdAt: D(20),
        states: [
          [HOUR, "1"],
          [12 * HOUR, "0.01"],
        ],
      },
    ],
  },
  // abandoned: 0.2 ETH (400 USD) on day 3
  {
    token: addr(0x12),
    deployer: DEV,
    createdAt: D(18),
    pools: [
      {
        address: addr(0x22),
        createdAt: D(18),
        states: [
          [HOUR, "1"],
          [3 * DAY, "0.2"],
        ],
      },
    ],
  },
  // abandoned though below 100 USD: the fall came on day 3
  {
    token: addr(0x13),
    deployer: DEV,
    createdAt: D(16),
    pools: [
      {
        address: addr(0x23),
        createdAt: D(16),
        states: [
          [MIN, "0.5"],
          [3 * DAY, "0.001"],
        ],
      },
    ],
  },
  // migrated: its curve graduated, its DEX pool deep
  {
    token: addr(0x14),
    deployer: DEV,
    createdAt: D(14),
    pools: [
      {
        address: addr(0x24),
        createdAt: D(14),
        launchpad: { creator: DEV, migrated: true },
        states: [
          [MIN, "0.5"],
          [2 * DAY, "0"],
        ],
      },
      { address: addr(0x34), createdAt: D(12), states: [[2 * DAY + MIN, "30"]] },
    ],
  },
  // active: 0.3 ETH (600 USD) at its lowest in the week, drained on day 9
  {
    token: addr(0x15),
    deployer: DEV,
    createdAt: D(12),
    pools: [
      {
        address: addr(0x25),
        createdAt: D(12),
        states: [
          [HOUR, "2"],
          [2 * DAY, "0.3"],
          [9 * DAY, "0.0001"],
        ],
      },
    ],
  },
  // active: its second market was drained in the first hour, its best pool never was
  {
    token: addr(0x16),
    deployer: DEV,
    createdAt: D(10),
    pools: [
      { address: addr(0x26), createdAt: D(10), states: [[HOUR, "3"]] },
      {
        address: addr(0x36),
        createdAt: D(10),
        states: [
          [MIN, "0.5"],
          [HOUR, "0.0001"],
        ],
      },
    ],
  },
  // rugged, with no token creation time: its market's creation is the deploy; created empty
  {
    token: addr(0x17),
    deployer: DEV,
    createdAt: null,
    pools: [
      {
        address: addr(0x27),
        createdAt: D(8),
        states: [
          [0, "0"],
          [2 * HOUR, "1"],
          [20 * HOUR, "0.02"],
        ],
      },
    ],
  },
  // another deployer's launchpad token, recorded as deployed by its migration's sender: its curve's creator is DEV
  {
    token: addr(0x18),
    deployer: OTHER,
    createdAt: D(6),
    pools: [
      {
        address: addr(0x28),
        createdAt: D(6),
        launchpad: { creator: DEV, migrated: true },
        states: [[MIN, "1"]],
      },
    ],
  },
  // a token whose deployer is unknown
  {
    token: addr(0x19),
    deployer: null,
    createdAt: D(5),
    pools: [{ address: addr(0x29), createdAt: D(5), states: [[MIN, "1"]] }],
  },
];

/** The verdict of a spec by the documented rules, from the states written. */
function expectedRow(s: Spec) {
  const deploy = s.createdAt ?? Math.min(...s.pools.map((p) => p.createdAt));
  const last = (p: Spec["pools"][number]) => Number(p.states[p.states.length - 1]![1]);
  // the best pool: the most native liquidity as the last states left it
  const best = [...s.pools].sort((a, b) => last(b) - last(a))[0]!;
  // observations from the first deposit on, in the first week
  const from = best.states.findIndex(([, l]) => Number(l) > 0);
  const seen = best.states
    .slice(from)
    .map(([age, l]) => ({ at: best.createdAt + age, usd: Number(l) * RATE }))
    .filter((o) => o.at <= deploy + 7 * DAY);
  const low = (until: number) => {
    const xs = seen.filter((o) => o.at <= until).map((o) => o.usd);
    return xs.length === 0 ? null : Math.min(...xs);
  };
  const dayLow = low(deploy + DAY);
  const weekLow = low(deploy + 7 * DAY);
  const graduated = s.pools.some((p) => p.launchpad?.migrated === true);
  const status =
    dayLow !== null && dayLow < 100
      ? "rugged"
      : weekLow !== null && weekLow < 500
        ? "abandoned"
        : graduated
          ? "migrated"
          : "active";
  return {
    chain: EVM,
    address: s.token,
    name: `N${s.token.slice(2, 4)}`,
    symbol: `S${s.token.slice(2, 4)}`,
    createdAt: deploy,
    migrated: graduated,
    isLaunchpad: s.pools.some((p) => p.launchpad !== undefined),
    liquidityNative: String(last(best)),
    liquidityUsd: last(best) * RATE,
    status,
  };
}

function expectedStats(rows: ReturnType<typeof expectedRow>[], total = rows.length) {
  const count = (st: string) => rows.filter((r) => r.status === st).length;
  const rugged = count("rugged");
  const abandoned = count("abandoned");
  const n = rows.length;
  const risk =
    n === 0
      ? "unknown"
      : rugged / n >= 0.3 || (rugged + abandoned) / n >= 0.7
        ? "high"
        : rugged / n >= 0.1 || (rugged + abandoned) / n >= 0.4
          ? "medium"
          : "low";
  return {
    totalTokens: total,
    active: count("active"),
    migrated: count("migrated"),
    rugged,
    abandoned,
    successRatePct: n === 0 ? null : Math.round(((count("active") + count("migrated")) / n) * 10000) / 100,
    riskLevel: risk,
    firstDeployAt: Math.min(...rows.map((r) => r.createdAt)),
    lastDeployAt: Math.max(...rows.map((r) => r.createdAt)),
  };
}

let db: TestDatabase;
let api: Awaited<ReturnType<typeof serveApi>>;
let small: Awaited<ReturnType<typeof serveApi>>;

beforeAll(async () => {
  db = await createTestDatabase();
  const tokenOf = (s: Spec): TokenRecord => ({
    chain: EVM,
    address: s.token,
    name: `N${s.token.slice(2, 4)}`,
    symbol: `S${s.token.slice(2, 4)}`,
    decimals: 18,
    totalSupply: 10n ** 27n,
    deployer: s.deployer,
    createdAt: s.createdAt,
  });
  const poolOf = (
    s: Spec,
    p: Spec["pools"][number],
    liquidityNative: string,
    block: number,
    at: number,
  ): PoolRecord => ({
    chain: EVM,
    address: p.address,
    venueType: p.launchpad ? "TAPELINE_CURVE" : "UNISWAP_V2",
    factory: null,
    token0: s.token,
    token1: WETH,
    tokenAddress: s.token,
    quoteAddress: WETH,
    ...(p.launchpad && {
      isLaunchpad: true,
      launchpad: "tapeline",
      creator: p.launchpad.creator,
      migrated: p.launchpad.migrated,
    }),
    liquidityNative,
    createdAt: p.createdAt,
    createdBlock: 1n,
    updatedBlock: BigInt(block),
    updatedAt: at,
  });
  // every state in time order, one batch each, as ingest writes them
  const states = SPECS.flatMap((s) =>
    s.pools.flatMap((p) => p.states.map(([age, l]) => ({ s, p, l, at: p.createdAt + age }))),
  ).sort((a, b) => a.at - b.at);
  let block = 100;
  for (const x of states) {
    await writeBatch(db.pool, {
      chain: EVM,
      blocks: [],
      trades: [],
      tokens: [tokenOf(x.s)],
      pools: [poolOf(x.s, x.p, x.l, block++, x.at)],
      nativePrices: [{ minute: Math.floor(x.at / MIN) * MIN, priceUsd: String(RATE), source: "test" }],
    });
  }
  api = await serveApi({
    pool: db.pool,
    name: "dev-tokens-http",
    providers: [devTokensProvider],
    endpoints: [traderEndpoints],
  });
  small = await serveApi({
    pool: db.pool,
    name: "dev-tokens-http-small",
    providers: [
      {
        name: "devTokens",
        create: ({ pool }) => ({ methods: createDevTokenQueries({ db: pool, maxJudged: 3 }) }),
      },
    ],
    endpoints: [traderEndpoints],
  });
}, 120_000);

afterAll(async () => {
  await api?.close();
  await small?.close();
  await db?.drop();
});

type Body = {
  data: ReturnType<typeof expectedRow>[];
  meta: {
    asOf: number;
    deployer: string | null;
    stats: ReturnType<typeof expectedStats> | null;
    truncated: boolean;
  };
  error: { code: string; details: { param?: string } };
};
const get = async (q: Record<string, string | number>, base = api.url) => {
  const res = await fetch(`${base}/v1/token/dev-tokens?${new URLSearchParams(q as Record<string, string>)}`);
  return { status: res.status, body: (await res.json()) as Body };
};

// newest recorded token creation first, a token without one last (its row shows its market's)
const byNewest = (specs: Spec[]) =>
  [...specs]
    .sort((a, b) => (b.createdAt ?? Number.NEGATIVE_INFINITY) - (a.createdAt ?? Number.NEGATIVE_INFINITY))
    .map(expectedRow);
const devRows = () => byNewest(SPECS.filter((s) => s.deployer === DEV));

describe("GET /v1/token/dev-tokens", () => {
  it("lists a deployer's tokens with the verdicts and stats the rules give", async () => {
    const want = devRows();
    // every verdict is exercised
    expect(new Set(want.map((r) => r.status))).toEqual(
      new Set(["rugged", "abandoned", "migrated", "active"]),
    );
    const { status, body } = await get({ chain: EVM, wallet: DEV });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.data).toEqual(want);
    expect(body.meta.deployer).toBe(DEV);
    expect(body.meta.truncated).toBe(false);
    expect(body.meta.stats).toEqual(expectedStats(want));
    // a wallet given in capitals is the same deployer
    const upper = await get({ chain: EVM, wallet: `0x${DEV.slice(2).toUpperCase()}` });
    expect(upper.body.data).toEqual(want);
  });

  it("resolves the deployer from a token, through its launchpad creator, and leaves that token out", async () => {
    const queried = SPECS[0]!.token;
    const { body } = await get({ chain: EVM, address: queried });
    expect(body.meta.deployer).toBe(DEV);
    const want = devRows().filter((r) => r.address !== queried);
    expect(body.data).toEqual(want);
    expect(body.meta.stats).toEqual(expectedStats(want));
    // recorded as deployed by OTHER (its migration's sender), created by DEV on its curve
    const viaCurve = await get({ chain: EVM, address: SPECS[7]!.token });
    expect(viaCurve.body.meta.deployer).toBe(DEV);
    expect(viaCurve.body.data).toEqual(devRows());
    // the limit cuts the rows, never the stats
    const two = await get({ chain: EVM, wallet: DEV, limit: 2 });
    expect(two.body.data).toEqual(devRows().slice(0, 2));
    expect(two.body.meta.stats).toEqual(expectedStats(devRows()));
  });

  it("answers an unknown deployer with no rows and null stats, and another deployer with its own tokens", async () => {
    const unknown = await get({ chain: EVM, address: SPECS[8]!.token });
    expect(unknown.status).toBe(200);
    expect(unknown.body.data).toEqual([]);
    expect(unknown.body.meta).toMatchObject({ deployer: null, stats: null, truncated: false });
    const other = await get({ chain: EVM, wallet: OTHER });
    const want = [expectedRow(SPECS[7]!)];
    expect(other.body.data).toEqual(want);
    expect(other.body.meta.stats).toEqual(expectedStats(want));
    const none = await get({ chain: EVM, wallet: addr(0x77) });
    expect(none.body.data).toEqual([]);
    expect(none.body.meta.stats).toEqual({
      totalTokens: 0,
      active: 0,
      migrated: 0,
      rugged: 0,
      abandoned: 0,
      successRatePct: null,
      riskLevel: "unknown",
      firstDeployAt: null,
      lastDeployAt: null,
    });
  });

  it("judges only the page past the judged-token bound, and says so", async () => {
    const { body } = await get({ chain: EVM, wallet: DEV, limit: 2 }, small.url);
    const page = devRows().slice(0, 2);
    expect(body.data).toEqual(page);
    expect(body.meta.truncated).toBe(true);
    expect(body.meta.stats).toEqual(expectedStats(page, devRows().length));
  });

  it("refuses every bad parameter with 400 INVALID_PARAM naming it, and an unknown token with 404", async () => {
    const bad: [Record<string, string | number>, string][] = [
      [{ wallet: DEV }, "chain"],
      [{ chain: "evm:x", wallet: DEV }, "chain"],
      [{ chain: EVM }, "address"],
      [{ chain: EVM, address: SPECS[0]!.token, wallet: DEV }, "wallet"],
      [{ chain: EVM, address: "0x1234" }, "address"],
      [{ chain: EVM, address: "" }, "address"],
      [{ chain: EVM, wallet: "not-a-wallet" }, "wallet"],
      [{ chain: EVM, wallet: DEV, limit: 0 }, "limit"],
      [{ chain: EVM, wallet: DEV, limit: 101 }, "limit"],
      [{ chain: EVM, wallet: DEV, limit: "1.5" }, "limit"],
      [{ chain: EVM, wallet: DEV, limit: "abc" }, "limit"],
      [{ chain: EVM, wallet: DEV, cursor: "x" }, "cursor"],
    ];
    for (const [q, param] of bad) {
      const a = await get(q);
      expect(a.status, JSON.stringify(q)).toBe(400);
      expect(a.body.error.code).toBe("INVALID_PARAM");
      expect(a.body.error.details.param, JSON.stringify(q)).toBe(param);
    }
    const edge = await get({ chain: EVM, wallet: DEV, limit: 100 });
    expect(edge.status).toBe(200);
    expect((await get({ chain: EVM, wallet: DEV, limit: 1 })).body.data).toHaveLength(1);
    const unknown = await get({ chain: EVM, address: addr(0x66) });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe("NOT_FOUND");
  });

  // The page's market facts are read in one statement joining a reference table (the deployer's
  // tokens, with their stored verdicts) to the token-keyed market lists: on Citus the facts must
  // run on every shard by their distribution column (one task per shard, no repartition), the
  // rest on the coordinator.
  it.skipIf(testDatabaseTarget() !== "citus")(
    "plans the page statement on Citus without moving market rows",
    async () => {
      const plans: string[] = [];
      const explaining = {
        query: (async (text: string, params?: unknown[]) => {
          if (text.includes("token_markets") && text.includes("deployer_status")) {
            const plan = await db.pool.query<{ "QUERY PLAN": string }>(`explain (verbose) ${text}`, params);
            plans.push(plan.rows.map((r) => r["QUERY PLAN"]).join("\n"));
          }
          return db.pool.query(text, params);
        }) as unknown as pg.Pool["query"],
      };
      const page = await createDevTokenQueries({ db: explaining }).devTokens({
        chain: EVM,
        wallet: DEV,
        address: null,
        limit: 50,
      });
      expect(page.data.length).toBe(devRows().length);
      expect(plans).toHaveLength(1);
      const plan = plans[0]!;
      const { rows } = await db.pool.query<{ n: number }>(
        "select count(*)::int as n from pg_dist_shard where logicalrelid = 'token_markets'::regclass",
      );
      expect(plan).not.toMatch(/repartition|MapMergeJob|Map Task/i);
      expect(plan).toContain(`Task Count: ${rows[0]!.n}`);
    },
  );
});
