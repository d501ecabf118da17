import type { ChainId, PoolRecord, TokenRecord } from "@tapeline/core";
import { createTestDatabase, type TestDatabase } from "@tapeline/core/testing";
import { writeBatch } from "@tapeline/ingest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedChains } from "../../../../../test/api/seedChains.ts";
import { serveApi } from "../../../../../test/api/serveApi.ts";
import { provider as searchProvider } from "../../../../query/src/search/provider.ts";
import { searchEndpoints } from "./endpoints.ts";

/**
 * `GET /v1/search` over tokens and markets written by the ingest writer: address matches first,
 * then text tiers ranked by USD liquidity computed here from the stored native liquidity and
 * the stored native/USD minute; every parameter bound refused with 400 INVALID_PARAM.
 */

const BASE: ChainId = "evm:8453";
const ETH = `0x${"0".repeat(40)}`;
const WSOL = "So11111111111111111111111111111111111111112";
const evm = (n: number) => `0x${n.toString(16).padStart(40, "0")}`;
const ETH_USD = 3000;
const SOL_USD = 150;
const SOL_TOKEN = "7GCihgDB8fe6KNjn2MYtkzZcRjQy3t9GHdC8uHYmW2hr";
const SOL_POOL = "4w2cysotX6czaUGmmWg13hDpY4QEMG2CzeKYEQyK9Ama";

type Seed = {
  chain: ChainId;
  token: string;
  pool: string;
  symbol: string;
  name: string;
  liq: string;
  price: string;
};
const seeds: Seed[] = [
  {
    chain: BASE,
    token: evm(0xa1),
    pool: evm(0xb1),
    symbol: "TAPE",
    name: "Tapeline Token",
    liq: "10",
    price: "0.001",
  },
  {
    chain: BASE,
    token: evm(0xa2),
    pool: evm(0xb2),
    symbol: "tape",
    name: "Tape Two",
    liq: "1",
    price: "0.0002",
  },
  {
    chain: "solana",
    token: SOL_TOKEN,
    pool: SOL_POOL,
    symbol: "TAPE",
    name: "Tape on Sol",
    liq: "1000",
    price: "0.5",
  },
  {
    chain: BASE,
    token: evm(0xa3),
    pool: evm(0xb3),
    symbol: "TAPEX",
    name: "Something",
    liq: "2",
    price: "1",
  },
  { chain: BASE, token: evm(0xa4), pool: evm(0xb4), symbol: "ABC", name: "Red Tape", liq: "500", price: "3" },
  { chain: BASE, token: evm(0xa5), pool: evm(0xb5), symbol: "NOPE", name: "Unrelated", liq: "9", price: "4" },
];
const rateOf = (chain: ChainId) => (chain === "solana" ? SOL_USD : ETH_USD);
const liquidityUsd = (s: Seed) => Number(s.liq) * rateOf(s.chain);

let db: TestDatabase;
let url: string;
let close: () => Promise<void>;

beforeAll(async () => {
  db = await createTestDatabase();
  await seedChains(db.pool);
  const minute = Math.floor(Date.now() / 60_000) * 60_000;
  await db.pool.query(
    `insert into native_prices (chain_id, minute, price_usd, source) values ($1, $3, $4, 'test'), ($2, $3, $5, 'test')`,
    [BASE, "solana", minute, ETH_USD, SOL_USD],
  );
  for (const chain of [BASE, "solana"] as const) {
    const mine = seeds.filter((s) => s.chain === chain);
    const quote = chain === "solana" ? WSOL : ETH;
    await writeBatch(db.pool, {
      chain,
      blocks: [],
      trades: [],
      tokens: mine.map(
        (s, i): TokenRecord => ({
          chain,
          address: s.token,
          name: s.name,
          symbol: s.symbol,
          decimals: 18,
          totalSupply: 10n ** 27n,
          createdAt: 1_700_000_000_000 + i,
        }),
      ),
      pools: mine.map(
        (s): PoolRecord => ({
          chain,
          address: s.pool,
          venueType: chain === "solana" ? "RAYDIUM_CPMM" : "UNISWAP_V2",
          factory: null,
          token0: s.token,
          token1: quote,
          tokenAddress: s.token,
          quoteAddress: quote,
          priceNative: s.price,
          liquidityNative: s.liq,
          createdAt: 1_700_000_000_000,
          updatedBlock: 1n,
        }),
      ),
    });
  }
  const api = await serveApi({
    pool: db.pool,
    name: "search",
    providers: [searchProvider],
    endpoints: [searchEndpoints],
  });
  url = api.url;
  close = api.close;
});

afterAll(async () => {
  await close?.();
  await db?.drop();
});

type Row = {
  chain: string;
  address: string;
  symbol: string | null;
  match: string;
  pool: { address: string; quoteAddress: string } | null;
  priceNative: string | null;
  priceUsd: number | null;
  liquidityUsd: number | null;
};
type Body = {
  data: Row[];
  meta: { asOf: number; indexedAt: number };
  error: { code: string; details: { param: string } };
};

async function search(query: Record<string, string>): Promise<{ status: number; body: Body }> {
  const res = await fetch(`${url}/v1/search?${new URLSearchParams(query)}`);
  return { status: res.status, body: (await res.json()) as Body };
}

const near = (a: number | null, b: number) =>
  expect(Math.abs((a as number) - b)).toBeLessThanOrEqual(Math.abs(b) * 1e-12);

describe("GET /v1/search", () => {
  it("ranks symbol equals (by USD liquidity across chains), then symbol prefix, then a name word", async () => {
    const { status, body } = await search({ q: "tape" });
    expect(status).toBe(200);
    const equal = seeds
      .filter((s) => s.symbol.toLowerCase() === "tape")
      .sort((a, b) => liquidityUsd(b) - liquidityUsd(a));
    expect(body.data.map((r) => r.address)).toEqual([...equal.map((s) => s.token), evm(0xa3), evm(0xa4)]);
    expect(body.data.map((r) => r.match)).toEqual(["symbol", "symbol", "symbol", "symbol", "name"]);
    for (const r of body.data) {
      const s = seeds.find((x) => x.token === r.address)!;
      expect(r.pool?.address).toBe(s.pool);
      expect(r.priceNative).toBe(s.price);
      near(r.priceUsd, Number(s.price) * rateOf(s.chain));
      near(r.liquidityUsd, liquidityUsd(s));
    }
    expect(body.meta.indexedAt).toBeLessThanOrEqual(body.meta.asOf);
  });

  it("an exact address comes first: EVM in any case, Solana exactly, a market's address giving its token", async () => {
    const upper = `0x${evm(0xa2).slice(2).toUpperCase()}`;
    const byToken = await search({ q: upper });
    expect(byToken.status).toBe(200);
    expect(byToken.body.data.map((r) => [r.address, r.match])).toEqual([[evm(0xa2), "address"]]);
    const byPool = await search({ q: evm(0xb4) });
    expect(byPool.body.data.map((r) => [r.address, r.match, r.pool?.address])).toEqual([
      [evm(0xa4), "poolAddress", evm(0xb4)],
    ]);
    const sol = await search({ q: SOL_TOKEN });
    expect(sol.body.data.map((r) => [r.chain, r.address, r.match])).toEqual([
      ["solana", SOL_TOKEN, "address"],
    ]);
    // a Solana address is case-sensitive: another spelling is no address
    const lowered = await search({ q: SOL_TOKEN.toLowerCase() });
    expect(lowered.body.data.filter((r) => r.match === "address")).toEqual([]);
  });

  it("chain keeps the listed chains; sortBy a figure orders every match by it", async () => {
    const onSol = await search({ q: "tape", chain: "solana" });
    expect(onSol.body.data.map((r) => r.address)).toEqual([SOL_TOKEN]);
    const onBase = await search({ q: "tape", chain: "evm:8453,solana:solana", limit: "2" });
    expect(onBase.body.data.map((r) => r.address)).toEqual([SOL_TOKEN, evm(0xa1)]);
    const matching = seeds.filter(
      (s) => ["tape", "tapex"].includes(s.symbol.toLowerCase()) || s.name === "Red Tape",
    );
    const byLiq = await search({ q: "tape", sortBy: "liquidityUsd", order: "asc" });
    expect(byLiq.body.data.map((r) => r.address)).toEqual(
      [...matching].sort((a, b) => liquidityUsd(a) - liquidityUsd(b)).map((s) => s.token),
    );
  });

  it("nothing matching is an empty list", async () => {
    const { status, body } = await search({ q: "zzzz-none" });
    expect(status).toBe(200);
    expect(body.data).toEqual([]);
  });

  const refusals: [string, Record<string, string>, string][] = [
    ["q missing", {}, "q"],
    ["q blank", { q: "   " }, "q"],
    ["q over 100 characters", { q: "a".repeat(101) }, "q"],
    ["chain not a chain id", { q: "tape", chain: "eth" }, "chain"],
    ["chain with an empty item", { q: "tape", chain: "solana," }, "chain"],
    [
      "chain over 8 items",
      { q: "tape", chain: Array.from({ length: 9 }, (_, i) => `evm:${i + 1}`).join(",") },
      "chain",
    ],
    ["unknown sortBy", { q: "tape", sortBy: "volume" }, "sortBy"],
    ["unknown order", { q: "tape", order: "up" }, "order"],
    ["order asc on relevance", { q: "tape", order: "asc" }, "order"],
    ["limit 0", { q: "tape", limit: "0" }, "limit"],
    ["limit 51", { q: "tape", limit: "51" }, "limit"],
    ["limit not an integer", { q: "tape", limit: "2.5" }, "limit"],
    ["unknown parameter", { q: "tape", chains: "solana" }, "chains"],
  ];
  for (const [label, query, param] of refusals) {
    it(`refuses ${label}: 400 INVALID_PARAM naming ${param}`, async () => {
      const { status, body } = await search(query);
      expect(status, JSON.stringify(body)).toBe(400);
      expect(body.error.code).toBe("INVALID_PARAM");
      expect(body.error.details.param).toBe(param);
    });
  }

  it("the OpenAPI document lists the operation with its parameters from the same schema", async () => {
    const res = await fetch(`${url}/openapi.json`);
    const doc = (await res.json()) as {
      paths: Record<string, { get?: { parameters: { name: string; required?: boolean }[] } }>;
    };
    const params = doc.paths["/v1/search"]?.get?.parameters ?? [];
    expect(params.map((p) => p.name).sort()).toEqual(["chain", "limit", "order", "q", "sortBy"]);
    expect(params.find((p) => p.name === "q")?.required).toBe(true);
  });
});
