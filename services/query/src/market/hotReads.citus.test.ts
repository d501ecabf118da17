import { createTestDatabase, type TestDatabase, testDatabaseTarget } from "@tapeline/core/testing";
import { writeBatch } from "@tapeline/ingest";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMarketQueries } from "./createMarketQueries.ts";
import type { MarketDb } from "./MarketDb.ts";
import {
  buildMarketFixture,
  FX_CHAIN,
  FX_POOL,
  FX_TOKEN,
  type MarketFixture,
} from "./testing/buildMarketFixture.ts";

const onCitus = testDatabaseTarget() === "citus";
const title = onCitus
  ? "hot reads on Citus plan as single-shard router queries"
  : "Citus suites (migrations, market conformance, EVM ingest, hot read plans) skipped: the citus extension is not installed (README: Testing on Citus)";

type PlanNode = { [k: string]: unknown; Plans?: PlanNode[] };
type CitusScan = { tasks: number; subplans: number };

/** Every Citus scan of an EXPLAIN (FORMAT JSON) plan with its task count, subplans included. */
function citusScans(node: PlanNode, out: CitusScan[] = []): CitusScan[] {
  const dq = node["Distributed Query"] as
    | {
        Job?: { "Task Count"?: number; Tasks?: { "Remote Plan"?: PlanNode[][] }[] };
        Subplans?: { PlannedStmt: PlanNode[] }[];
      }
    | undefined;
  if (dq) {
    const subplans = dq.Subplans ?? [];
    out.push({ tasks: dq.Job?.["Task Count"] ?? -1, subplans: subplans.length });
    for (const s of subplans) for (const p of s.PlannedStmt) citusScans((p as { Plan: PlanNode }).Plan, out);
  }
  for (const child of node.Plans ?? []) citusScans(child, out);
  return out;
}

describe.skipIf(!onCitus)(title, () => {
  let db: TestDatabase;
  let fx: MarketFixture;
  let nowMs: number;
  const statements: { sql: string; scans: CitusScan[] }[] = [];

  /** Runs every read as usual and records the plan Citus makes for it with the same parameters. */
  const explaining: MarketDb = {
    // a read passes its statement as text and values, or as a named statement's config
    query: (async (statement: string | pg.QueryConfig, params?: unknown[]) => {
      const text = typeof statement === "string" ? statement : statement.text;
      const values = typeof statement === "string" ? params : statement.values;
      const plan = await db.pool.query<{ "QUERY PLAN": { Plan: PlanNode }[] }>(
        `explain (format json) ${text}`,
        values,
      );
      statements.push({ sql: text, scans: citusScans(plan.rows[0]!["QUERY PLAN"][0]!.Plan) });
      // as the read asked (a config may ask for rows as arrays)
      return typeof statement === "string" ? db.pool.query(text, values) : db.pool.query(statement);
    }) as unknown as pg.Pool["query"],
  };
  const measure = async (read: (q: ReturnType<typeof createMarketQueries>) => Promise<unknown>) => {
    statements.length = 0;
    // A fresh query service per read: its caches must not hide a statement.
    await read(createMarketQueries({ db: explaining, now: () => nowMs }));
    return [...statements];
  };

  beforeAll(async () => {
    db = await createTestDatabase();
    fx = buildMarketFixture();
    nowMs = fx.lastAt + 30 * 60_000;
    await writeBatch(db.pool, {
      chain: FX_CHAIN,
      blocks: [],
      trades: fx.trades,
      // each trade its maker's one-leg swap, so the wallet tables hold the fixture's makers
      walletSwaps: fx.trades.map((t) => {
        const token = { tokenAddress: t.tokenAddress, amount: t.amountToken };
        const quote = { tokenAddress: t.quoteAddress, amount: t.amountQuote };
        const [sent, received] = t.isBuy ? [quote, token] : [token, quote];
        return {
          chain: t.chain,
          wallet: t.maker,
          txHash: t.txHash,
          block: t.block,
          seq: t.logIndex,
          at: t.at,
          sent: [sent],
          received: [received],
          route: [{ poolAddress: t.pool, poolType: "UNISWAP_V2", sent, received }],
          volumeNative: t.volumeNative,
          feesNative: t.feesNative,
        };
      }),
      pools: fx.pools,
      tokens: fx.tokens,
      nativePrices: [{ minute: Math.floor(fx.lastAt / 60_000) * 60_000, priceUsd: "2500", source: "test" }],
    });
  });
  afterAll(async () => {
    await db?.drop();
  });

  const expectRouted = (done: { sql: string; scans: CitusScan[] }[]) => {
    expect(done.length).toBeGreaterThan(0);
    for (const s of done) {
      // One Citus scan per statement, one task, no subplan pulled through the coordinator.
      expect(s.scans, s.sql).toEqual([{ tasks: 1, subplans: 0 }]);
    }
  };

  it("pool definition", async () => {
    expectRouted(await measure((q) => q.poolDefinition({ chain: FX_CHAIN, address: FX_POOL })));
  });

  it("trades page (500 trades, then the next page by cursor): all but the makers' badges route to one shard", async () => {
    const done = await measure(async (q) => {
      const first = await q.poolTrades({ chain: FX_CHAIN, address: FX_POOL, limit: 500 });
      expect(first.data.length).toBeGreaterThan(0);
      if (first.nextCursor)
        await q.poolTrades({ chain: FX_CHAIN, address: FX_POOL, limit: 500, cursor: first.nextCursor });
    });
    // The launch labels' first market comes from the token's market list, on the token's shard.
    const launch = done.filter((s) => /from token_markets p .* where p\.token_key = \$1/s.test(s.sql));
    expect(launch.length).toBeGreaterThan(0);
    // The page's makers' badges and the launch's early buyers' funders: one statement each for
    // all of them, on the shards holding those wallets (wallet-keyed, so several wallets are
    // several shards).
    const badges = done.filter((s) =>
      /from wallet_badges where wallet_key = any\(\$1::text\[\]\)/.test(s.sql),
    );
    const funders = done.filter((s) =>
      /from wallet_funding where wallet_key = any\(\$1::text\[\]\)/.test(s.sql),
    );
    expect(badges.length).toBeGreaterThan(0);
    for (const s of [...badges, ...funders]) expect(s.scans).toHaveLength(1);
    expectRouted(done.filter((s) => !badges.includes(s) && !funders.includes(s)));
  });

  it("candles page (2,000 one-minute candles, with and without fill)", async () => {
    expectRouted(
      await measure(async (q) => {
        for (const fill of [false, true]) {
          const page = await q.poolOhlcv({
            chain: FX_CHAIN,
            address: FX_POOL,
            interval: "1m",
            limit: 2000,
            endTime: null,
            quote: "native",
            fill,
          });
          expect(page.data.length).toBeGreaterThan(0);
        }
      }),
    );
  });

  it("pool data (windowed stats of one market)", async () => {
    expectRouted(
      await measure((q) => q.poolData({ chain: FX_CHAIN, address: FX_POOL, windows: ["5m", "24h"] })),
    );
  });

  it("token snapshot: one statement on the token's shard (its snapshot row and market list)", async () => {
    const done = await measure((q) => q.tokenSnapshot({ chain: FX_CHAIN, address: FX_TOKEN }));
    // The token's row, symbol rank, spot rate, market list and snapshot row: one router query.
    const byToken = done.filter((s) => /token_snapshots s on s\.token_key = \$1/.test(s.sql));
    expect(byToken).toHaveLength(1);
    expect(byToken[0]!.sql).toMatch(/token_markets p\s.*where p\.token_key = \$1/s);
    // No window summed up from the markets' trades: at most a minute an edge cuts through.
    expect(done.filter((s) => /count\(distinct t\.maker\)/.test(s.sql))).toHaveLength(0);
    expectRouted(done);
  });

  /** Shards of a distributed table: what a statement reading every shard runs as many tasks as. */
  const shardCount = async (table: string) =>
    Number(
      (
        await db.pool.query<{ n: string }>(
          "select count(*) as n from pg_dist_shard where logicalrelid = $1::regclass",
          [table],
        )
      ).rows[0]!.n,
    );

  it("token stats across the token's markets: every statement routes to one shard", async () => {
    const windows = ["5m", "1h", "6h", "24h"] as const;
    const traded = new Set(
      fx.trades.filter((t) => t.at > nowMs - 86_400_000 && t.at <= nowMs).map((t) => t.pool),
    );
    expect(traded.size).toBeGreaterThan(1);
    const done = await measure((q) =>
      q.tokenStats({ chain: FX_CHAIN, address: FX_TOKEN, windows: [...windows] }),
    );
    // the windowed figures: one statement over the token's own copy of its trades
    const windowed = done.filter((s) => /count\(distinct t\.maker\)/.test(s.sql));
    expect(windowed).toHaveLength(1);
    expect(windowed[0]!.sql).toMatch(/from token_trades t where t\.token_key = \$1/);
    expectRouted(done);
    // asked for one pool: every statement on its shard
    expectRouted(
      await measure((q) =>
        q.tokenStats({ chain: FX_CHAIN, address: FX_TOKEN, pools: [FX_POOL], windows: [...windows] }),
      ),
    );
  });

  it("token trade tape across several markets (first page, next page, a filtered page): all but the makers' badges route to one shard", async () => {
    expect(new Set(fx.trades.map((t) => t.pool)).size).toBeGreaterThan(1);
    const done = await measure(async (q) => {
      const first = await q.tokenTrades({ chain: FX_CHAIN, address: FX_TOKEN, limit: 100 });
      expect(first.nextCursor).not.toBeNull();
      await q.tokenTrades({ chain: FX_CHAIN, address: FX_TOKEN, limit: 100, cursor: first.nextCursor });
      await q.tokenTrades({ chain: FX_CHAIN, address: FX_TOKEN, limit: 100, side: "buy", order: "asc" });
    });
    const page = done.filter((s) => /from token_trades t\s.*t\.token_key = \$\d/s.test(s.sql));
    // two unfiltered pages; the filtered one finds its scan window's end, then reads the page
    expect(page).toHaveLength(4);
    const badges = done.filter((s) => /wallet_key = any/.test(s.sql));
    for (const s of badges) expect(s.scans).toHaveLength(1);
    expectRouted(done.filter((s) => !badges.includes(s)));
  });

  it("wallet swaps (first page, next page by cursor) and wallet trades route to one shard", async () => {
    const { createWalletQueries } = await import("../wallet/createWalletQueries.ts");
    const counts = new Map<string, number>();
    for (const t of fx.trades) counts.set(t.maker, (counts.get(t.maker) ?? 0) + 1);
    const [wallet, n] = [...counts].sort((a, b) => b[1] - a[1])[0]!;
    expect(n).toBeGreaterThan(2);
    statements.length = 0;
    const w = createWalletQueries({ db: explaining, now: () => nowMs });
    const ref = { chain: FX_CHAIN, wallet };
    const first = JSON.parse(
      (await w.walletSwaps({ ...ref, cursor: null, limit: 2, from: null, to: null, beforeAt: null })).text,
    ) as { nextCursor: string | null };
    expect(first.nextCursor).not.toBeNull();
    await w.walletSwaps({ ...ref, cursor: first.nextCursor, limit: 2, from: null, to: null, beforeAt: null });
    const trades = await w.walletTrades({ ...ref, limit: 100, beforeAt: null });
    expect(trades.data.length).toBe(n);
    expect(statements.filter((s) => /from wallet_swaps/.test(s.sql))).toHaveLength(2);
    expect(statements.filter((s) => /from wallet_trades/.test(s.sql))).toHaveLength(1);
    expectRouted([...statements]);
  });

  it("pulse: each view is one statement over the launchpad markets of every shard (a cross-market listing, README)", async () => {
    const { createPulseQueries } = await import("../pulse/createPulseQueries.ts");
    statements.length = 0;
    const pulse = createPulseQueries({ db: explaining, now: () => nowMs });
    for (const view of ["new", "bonding", "graduated"] as const)
      await pulse.pulse({ view, chains: [FX_CHAIN], limit: 50 });
    const listing = statements.filter((s) => /from pools p\s+left join tokens t/.test(s.sql));
    expect(listing).toHaveLength(3);
    const shards = await shardCount("pools");
    for (const s of listing) expect(s.scans, s.sql).toEqual([{ tasks: shards, subplans: 0 }]);
  });

  it("portfolio facts: token rows and the chain's registries on one node; the main pools of the wallet's tokens on every shard (README)", async () => {
    const { readChainFacts, readMainPools, readPortfolioTokens } = await import(
      "../portfolio/readPortfolioFacts.ts"
    );
    statements.length = 0;
    const facts = readPortfolioTokens(explaining, FX_CHAIN, [FX_TOKEN]);
    await readMainPools(explaining, FX_CHAIN, [FX_TOKEN], facts);
    await readChainFacts(explaining, FX_CHAIN);
    const pools = statements.filter((s) =>
      /from pools where chain_id = \$1 and token_address = any/.test(s.sql),
    );
    expect(pools).toHaveLength(1);
    expect(pools[0]!.scans).toEqual([{ tasks: await shardCount("pools"), subplans: 0 }]);
    expectRouted(statements.filter((s) => !pools.includes(s)));
  });
});
