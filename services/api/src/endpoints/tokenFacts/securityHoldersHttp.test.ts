import type { ChainId, TokenSecurity } from "@tapeline/core";
import { createTestDatabase, type TestDatabase } from "@tapeline/core/testing";
import { writeBatch } from "@tapeline/ingest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ServedApi, serveApi } from "../../../../../test/api/serveApi.ts";
import { createSecurityProvider } from "../../../../query/src/security/provider.ts";
import { tokenFactsEndpoints } from "./endpoints.ts";

/**
 * `GET /v1/token/security`'s holder shares over HTTP, on balances written through the ingest
 * writer: the top-10 share (pool, curve, burn and locker left out) and the snipers' and bundlers'
 * shares computed here from the transfers and launch trades the test made; a token with a market
 * but no tracked balances answers null.
 */

const CHAIN: ChainId = "evm:8453";
const TOKEN = "0x00000000000000000000000000000000000000aa";
const UNTRACKED = "0x00000000000000000000000000000000000000ab";
const WETH = "0x4200000000000000000000000000000000000006";
const POOL = "0x00000000000000000000000000000000000000a1";
const CURVE = "0x00000000000000000000000000000000000000c1";
const LOCKER = "0x00000000000000000000000000000000000000e7";
const DEAD = "0x000000000000000000000000000000000000dead";
const DEPLOYER = "0x00000000000000000000000000000000000000d0";
const SUPPLY = 10_000_000n;
const CREATED_BLOCK = 10;
const T0 = 1_700_000_000_000;

const addr = (n: number) => `0x${n.toString(16).padStart(40, "0")}`;
const wallets = Array.from({ length: 20 }, (_, i) => addr(0x1000 + i));
// transfers out of the deployer: wallets of distinct sizes, then the tagged holders, all larger than most wallets
const transfers: [string, bigint][] = [
  ...wallets.map((w, i): [string, bigint] => [w, BigInt(1_000 + i * 997)]),
  [POOL, 2_000_000n],
  [CURVE, 900_000n],
  [LOCKER, 800_000n],
  [DEAD, 700_000n],
];
// launch buys on the token's first market: four wallets in the launch block, one three blocks after
// the market's creation, one a minute later
const buys: [string, number, number][] = [
  [wallets[0]!, 11, T0],
  [wallets[3]!, 11, T0],
  [wallets[7]!, 11, T0 + 1_000],
  [wallets[12]!, 11, T0 + 1_000],
  [wallets[15]!, 13, T0 + 2_000],
  [wallets[19]!, 50, T0 + 60_000],
];

function balances(): Map<string, bigint> {
  const bal = new Map<string, bigint>([[DEPLOYER, SUPPLY]]);
  for (const [to, v] of transfers) {
    bal.set(DEPLOYER, bal.get(DEPLOYER)! - v);
    bal.set(to, (bal.get(to) ?? 0n) + v);
  }
  return bal;
}

const pct = (amount: bigint) => Number((amount * 10n ** 12n) / SUPPLY) / 1e10;
const sum = (bal: Map<string, bigint>, who: Iterable<string>) => {
  let s = 0n;
  for (const w of who) s += bal.get(w) ?? 0n;
  return s;
};

const pool = (address: string, token: string, isLaunchpad: boolean, createdAt: number) => ({
  chain: CHAIN,
  address,
  venueType: isLaunchpad ? "TAPELINE_LAUNCHPAD" : "UNISWAP_V2",
  factory: "0x00000000000000000000000000000000000000ff",
  token0: token,
  token1: WETH,
  tokenAddress: token,
  quoteAddress: WETH,
  isLaunchpad,
  createdAt,
  createdBlock: BigInt(CREATED_BLOCK),
});

let db: TestDatabase;
let api: ServedApi;
const get = async (address: string) => {
  const res = await fetch(`${api.url}/v1/token/security?${new URLSearchParams({ chain: CHAIN, address })}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: TokenSecurity }).data;
};

beforeAll(async () => {
  db = await createTestDatabase();
  const base = { token: TOKEN, seq: 0, at: T0, accounts: null };
  await writeBatch(db.pool, {
    chain: CHAIN,
    blocks: [],
    trades: buys.map(([maker, block, at], i) => {
      const txHash = `0x${(i + 1).toString(16).padStart(64, "0")}`;
      return {
        chain: CHAIN,
        pool: POOL,
        id: `${txHash}:0`,
        txHash,
        block: BigInt(block),
        logIndex: 0,
        at,
        maker,
        isBuy: true,
        tokenAddress: TOKEN,
        quoteAddress: WETH,
        amountToken: 1_000n,
        amountQuote: 1_000n,
        priceQuote: "1",
        priceNative: "1",
        volumeNative: "0.000000000000001",
        feesNative: "0",
        isWash: null,
        preconfirmed: false,
        router: null,
      };
    }),
    pools: [
      pool(POOL, TOKEN, false, 1),
      pool(CURVE, TOKEN, true, 2),
      pool("0x00000000000000000000000000000000000000e1", UNTRACKED, false, 1),
    ],
    tokens: [
      { chain: CHAIN, address: TOKEN, name: "T", symbol: "T", decimals: 6, totalSupply: SUPPLY },
      { chain: CHAIN, address: UNTRACKED, name: "U", symbol: "U", decimals: 6, totalSupply: SUPPLY },
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
    name: "security-holders-http",
    providers: [createSecurityProvider({ nodes: new Map(), lockers: new Set([`${CHAIN}/${LOCKER}`]) })],
    endpoints: [tokenFactsEndpoints],
  });
}, 60_000);

afterAll(async () => {
  await api?.close();
  await db?.drop();
});

describe("GET /v1/token/security holder shares", () => {
  it("serves the top-10 share without tagged holders and what the launch's snipers and bundlers hold", async () => {
    const bal = balances();
    const tagged = new Set([POOL, CURVE, LOCKER, DEAD]);
    const top10 = [...bal]
      .filter(([a, v]) => v > 0n && !tagged.has(a))
      .map(([, v]) => v)
      .sort((a, b) => (a > b ? -1 : a < b ? 1 : 0))
      .slice(0, 10);
    // the launch rules: a buy within 3 blocks of the market's creation or 5 s of its first trade
    // is a sniper's; at least four wallets buying in the first trade's block are bundlers
    const snipers = new Set(
      buys.filter(([, b, at]) => b <= CREATED_BLOCK + 3 || at <= T0 + 5_000).map(([w]) => w),
    );
    const launchBlock = buys[0]![1];
    const inLaunch = new Set(buys.filter(([, b]) => b === launchBlock).map(([w]) => w));
    const bundlers = inLaunch.size >= 4 ? inLaunch : new Set<string>();
    expect(snipers.size).toBe(5);
    expect(bundlers.size).toBe(4);

    const facts = await get(TOKEN);
    expect(facts.top10HolderPct).toBe(pct(top10.reduce((a, b) => a + b, 0n)));
    expect(facts.sniperWallets).toBe(snipers.size);
    expect(facts.bundlerWallets).toBe(bundlers.size);
    expect(facts.snipersHoldPct).toBe(pct(sum(bal, snipers)));
    expect(facts.bundlersHoldPct).toBe(pct(sum(bal, bundlers)));
    // the deployer is the largest untagged holder; the tagged ones are larger than every wallet
    expect(facts.top10HolderPct).toBeGreaterThan(pct(bal.get(DEPLOYER)!));
  });

  it("serves null shares for a token whose balances are not tracked", async () => {
    const facts = await get(UNTRACKED);
    expect(facts.top10HolderPct).toBeNull();
    expect(facts.snipersHoldPct).toBeNull();
    expect(facts.bundlersHoldPct).toBeNull();
  });
});
