import type { ChainId, TokenHolderRow } from "@tapeline/core";
import { createTestDatabase, type TestDatabase } from "@tapeline/core/testing";
import { writeBatch } from "@tapeline/ingest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ServedApi, serveApi } from "../../../../../test/api/serveApi.ts";
import { provider as holders } from "../../../../query/src/holders/provider.ts";
import { tokenFactsEndpoints } from "./endpoints.ts";

/**
 * `GET /v1/token/holders` over HTTP on balances written through the ingest writer: the order,
 * amounts, shares and tags computed here from the transfers the test made, an exact walk of every
 * page, a token with a market but no tracked balances, and every parameter bound and error.
 */

const CHAIN: ChainId = "evm:8453";
const TOKEN = "0x00000000000000000000000000000000000000aa";
const UNTRACKED = "0x00000000000000000000000000000000000000ab";
const WETH = "0x4200000000000000000000000000000000000006";
const POOL = "0x00000000000000000000000000000000000000p1".replace("p", "0");
const CURVE = "0x00000000000000000000000000000000000000c1";
const DEAD = "0x000000000000000000000000000000000000dead";
const SUPPLY = 1_000_000n;

let db: TestDatabase;
let api: ServedApi;
const get = (query: Record<string, string>) =>
  fetch(`${api.url}/v1/token/holders?${new URLSearchParams(query)}`);

// transfers out of the deployer: 37 wallets with distinct or tied amounts, a pool, a curve, a burn
const DEPLOYER = "0x00000000000000000000000000000000000000d0";
const wallets = Array.from({ length: 37 }, (_, i) => `0x${(0x1000 + i).toString(16).padStart(40, "0")}`);
const transfers: [string, bigint][] = [
  ...wallets.map((w, i): [string, bigint] => [w, BigInt(100 + (i % 9) * 10)]),
  [POOL, 200_000n],
  [CURVE, 50_000n],
  [DEAD, 10_000n],
];

function expected(): { address: string; amount: bigint }[] {
  const bal = new Map<string, bigint>([[DEPLOYER, SUPPLY]]);
  for (const [to, v] of transfers) {
    bal.set(DEPLOYER, bal.get(DEPLOYER)! - v);
    bal.set(to, (bal.get(to) ?? 0n) + v);
  }
  return [...bal]
    .filter(([, v]) => v > 0n)
    .map(([address, amount]) => ({ address, amount }))
    .sort((a, b) =>
      a.amount === b.amount ? (a.address < b.address ? -1 : 1) : a.amount > b.amount ? -1 : 1,
    );
}

const pool = (address: string, token: string, isLaunchpad: boolean) => ({
  chain: CHAIN,
  address,
  venueType: isLaunchpad ? "TAPELINE_LAUNCHPAD" : "UNISWAP_V2",
  factory: "0x00000000000000000000000000000000000000ff",
  token0: token,
  token1: WETH,
  tokenAddress: token,
  quoteAddress: WETH,
  isLaunchpad,
  createdAt: 1,
  createdBlock: 1n,
});

beforeAll(async () => {
  db = await createTestDatabase();
  const base = { token: TOKEN, seq: 0, at: 1_700_000_000_000, accounts: null };
  await writeBatch(db.pool, {
    chain: CHAIN,
    blocks: [],
    trades: [],
    pools: [
      pool(POOL, TOKEN, false),
      pool(CURVE, TOKEN, true),
      pool("0x00000000000000000000000000000000000000e1", UNTRACKED, false),
    ],
    tokens: [
      { chain: CHAIN, address: TOKEN, name: "T", symbol: "T", decimals: 6, totalSupply: SUPPLY },
      { chain: CHAIN, address: UNTRACKED, name: "U", symbol: "U", decimals: 6, totalSupply: null },
    ],
    balances: {
      tracked: [{ token: TOKEN, block: 5n }],
      changes: [
        { ...base, holder: DEPLOYER, block: 2n, txHash: "0xmint", delta: SUPPLY },
        ...transfers.flatMap(([to, v], i) => [
          { ...base, holder: DEPLOYER, block: 3n, seq: i, txHash: `0xt${i}`, delta: -v },
          { ...base, holder: to, block: 3n, seq: i, txHash: `0xt${i}`, delta: v },
        ]),
      ],
    },
  });
  api = await serveApi({
    pool: db.pool,
    name: "holders-http",
    providers: [holders],
    endpoints: [tokenFactsEndpoints],
  });
}, 60_000);

afterAll(async () => {
  await api?.close();
  await db?.drop();
});

type Page = {
  data: TokenHolderRow[];
  meta: {
    holderCount: number | null;
    totalSupply: string | null;
    programOwnedChecked: boolean;
    hasMore: boolean;
    nextCursor: string | null;
  };
};

describe("GET /v1/token/holders", () => {
  it("serves the holders largest first with amounts, shares and tags, and walks every page exactly once", async () => {
    const want = expected();
    const seen: TokenHolderRow[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await get({ chain: CHAIN, address: TOKEN, limit: "7", ...(cursor ? { cursor } : {}) });
      expect(res.status).toBe(200);
      const page = (await res.json()) as Page;
      expect(page.meta.holderCount).toBe(want.length);
      expect(page.meta.totalSupply).toBe(SUPPLY.toString());
      // no node for the chain: EVM contracts cannot be judged, and the page says so
      expect(page.meta.programOwnedChecked).toBe(false);
      seen.push(...page.data);
      cursor = page.meta.nextCursor;
      expect(page.meta.hasMore).toBe(cursor !== null);
      pages++;
    } while (cursor !== null);
    expect(pages).toBe(Math.ceil(want.length / 7));
    expect(seen.map((r) => [r.rank, r.address, r.amount])).toEqual(
      want.map((w, i) => [i + 1, w.address, w.amount.toString()]),
    );
    for (const r of seen) expect(r.supplySharePct).toBeCloseTo((Number(r.amount) / Number(SUPPLY)) * 100, 8);
    const tagOf = new Map(seen.map((r) => [r.address, r.tags]));
    expect(tagOf.get(POOL)).toEqual(["pool"]);
    expect(tagOf.get(CURVE)).toEqual(["bondingCurve"]);
    expect(tagOf.get(DEAD)).toEqual(["burn"]);
    expect(tagOf.get(DEPLOYER)).toEqual([]);
  });

  it("answers a token with a market whose balances are not tracked with an unknown count and no rows", async () => {
    const res = await get({ chain: CHAIN, address: UNTRACKED });
    expect(res.status).toBe(200);
    const page = (await res.json()) as Page;
    expect(page.data).toEqual([]);
    expect(page.meta.holderCount).toBeNull();
    expect(page.meta.hasMore).toBe(false);
  });

  it("refuses every bad parameter with its code and param, never a 5xx", async () => {
    const cursorOfOtherToken = Buffer.from(JSON.stringify([`${CHAIN}/${UNTRACKED}`, "5", DEAD, 1])).toString(
      "base64url",
    );
    const cases: [Record<string, string>, number, string, string | undefined][] = [
      [{ address: TOKEN }, 400, "INVALID_PARAM", "chain"],
      [{ chain: CHAIN }, 400, "INVALID_PARAM", "address"],
      [{ chain: "evm:abc", address: TOKEN }, 400, "INVALID_PARAM", "chain"],
      [{ chain: CHAIN, address: "0x123" }, 400, "INVALID_PARAM", "address"],
      [{ chain: CHAIN, address: TOKEN, limit: "0" }, 400, "INVALID_PARAM", "limit"],
      [{ chain: CHAIN, address: TOKEN, limit: "101" }, 400, "INVALID_PARAM", "limit"],
      [{ chain: CHAIN, address: TOKEN, limit: "2.5" }, 400, "INVALID_PARAM", "limit"],
      [{ chain: CHAIN, address: TOKEN, cursor: "" }, 400, "INVALID_PARAM", "cursor"],
      [{ chain: CHAIN, address: TOKEN, cursor: "x".repeat(513) }, 400, "INVALID_PARAM", "cursor"],
      [{ chain: CHAIN, address: TOKEN, cursor: "not-a-cursor" }, 400, "INVALID_PARAM", "cursor"],
      [{ chain: CHAIN, address: TOKEN, cursor: cursorOfOtherToken }, 400, "INVALID_PARAM", "cursor"],
      [{ chain: CHAIN, address: TOKEN, sort: "asc" }, 400, "INVALID_PARAM", "sort"],
      [{ chain: CHAIN, address: "0x00000000000000000000000000000000000000ee" }, 404, "NOT_FOUND", undefined],
    ];
    for (const [query, status, code, param] of cases) {
      const res = await get(query);
      const body = (await res.json()) as { error: { code: string; details?: { param?: string } } };
      expect([res.status, body.error.code, body.error.details?.param], JSON.stringify(query)).toEqual([
        status,
        code,
        param,
      ]);
    }
    const max = await get({ chain: CHAIN, address: TOKEN, limit: "100" });
    expect(((await max.json()) as Page).data).toHaveLength(expected().length);
    const dflt = await get({ chain: CHAIN, address: TOKEN });
    expect(((await dflt.json()) as Page).data).toHaveLength(Math.min(50, expected().length));
  });
});
