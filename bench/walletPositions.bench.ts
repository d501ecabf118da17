/**
 * Wallet positions of a wallet with BENCH_TRADES trades (default 10,000) over BENCH_TOKENS tokens
 * (default 500), each token with a Uniswap V2-style pair quoted in WETH. The trades and wallet
 * swaps go through the ingest writer; a fifth of the tokens are fully sold (closed positions), the
 * rest are open and held. An anvil node holds the chain side: Multicall3 (viem's published
 * bytecode), an ERC-20's code at every token address with the wallet's bag minted, and the V2
 * pair's code at every pair address with its reserves in storage.
 *
 * Requests go one at a time over HTTP (createApp with the wallet endpoints, in-process shard
 * client, the portfolio provider over Postgres and the anvil node), BENCH_RUNS times each
 * (default 100, after 5 warm-up requests):
 *   - GET /v1/wallet/positions with holdings cached (read once, kept for the run, as the wallet's
 *     trade events) and GET /v1/wallet/closed-positions limit=30 from a kept snapshot;
 *   - GET /v1/wallet/positions with holdings read from the node on every request, a block mined
 *     before each (so no reserves read at an earlier block are reused), trade events kept 5 s as
 *     in production;
 *   - both endpoints with nothing kept (every request reads the wallet's trades from Postgres).
 * Prints p50 / p99 / max in ms, the CPU time this process spent per request (the API, the query
 * shard and the node client run here; Postgres and anvil do not) and the load average.
 * Env: BENCH_TRADES, BENCH_TOKENS, BENCH_RUNS.
 */
import { createRequire } from "node:module";
import { loadavg } from "node:os";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { type ChainId, createContext, type TradeRecord, type WalletSwapRecord } from "@tapeline/core";
import { createTestDatabase } from "@tapeline/core/testing";
import type { Hex } from "viem";
import { createDevnetClient } from "../services/ingest/src/devnet/createDevnetClient.ts";
import { createTxSender } from "../services/ingest/src/devnet/createTxSender.ts";
import { loadDevnetArtifacts } from "../services/ingest/src/devnet/loadDevnetArtifacts.ts";
import { startAnvil } from "../services/ingest/src/devnet/startAnvil.ts";
import { writeBatch } from "../services/ingest/src/writer/writeBatch.ts";
import { createQueryService } from "../services/query/src/createQueryService.ts";
import { chainNodeOf, createPortfolioProvider } from "../services/query/src/portfolio/provider.ts";
import { listen } from "../test/api/listen.ts";
import { walletApp } from "./walletApp.ts";

const TRADES = Number(process.env.BENCH_TRADES ?? 10_000);
const TOKENS = Number(process.env.BENCH_TOKENS ?? 500);
const RUNS = Number(process.env.BENCH_RUNS ?? 100);
const CHAIN: ChainId = "evm:31337";
const WALLET = `0x${"ab".repeat(20)}`;
const WETH = `0x${"ee".repeat(20)}`;
const E18 = 10n ** 18n;
const T0 = Date.now() - 30 * 86_400_000;

const tokenOf = (i: number) => `0xc0de${(i + 1).toString(16).padStart(36, "0")}`;
const pairOf = (i: number) => `0xd00d${(i + 1).toString(16).padStart(36, "0")}`;
/** Every fifth token is fully sold by its last trade: a closed position. */
const isClosed = (i: number) => i % 5 === 0;
const perToken = Math.floor(TRADES / TOKENS);
/** Trade j of a token: a buy of 10 tokens, every fifth a sell of 5 (a closed token's last sells the rest). */
function tradeOf(i: number, j: number): { isBuy: boolean; amount: bigint } {
  if (isClosed(i) && j === perToken - 1) {
    const buys = BigInt(Array.from({ length: perToken - 1 }, (_, k) => k).filter((k) => k % 5 !== 4).length);
    const sells = BigInt(perToken - 1) - buys;
    return { isBuy: false, amount: (buys * 10n - sells * 5n) * E18 };
  }
  return j % 5 === 4 ? { isBuy: false, amount: 5n * E18 } : { isBuy: true, amount: 10n * E18 };
}
/** What the wallet holds of token i after its trades. */
function bagOf(i: number): bigint {
  let bag = 0n;
  for (let j = 0; j < perToken; j++) {
    const t = tradeOf(i, j);
    bag += t.isBuy ? t.amount : -t.amount;
  }
  return bag;
}

const pct = (xs: number[], p: number) => xs[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;

async function main() {
  const anvil = await startAnvil();
  const db = await createTestDatabase();
  const ctx = createContext({ name: "bench-positions", level: "silent" });
  try {
    const t0 = performance.now();
    // the chain: Multicall3, the tokens' code with the wallet's bags, the pairs' code with reserves
    const client = createDevnetClient({ rpcUrl: anvil.rpcUrl, chainId: anvil.chainId });
    const sender = createTxSender(client, client.account.address);
    const artifacts = loadDevnetArtifacts();
    const require = createRequire(import.meta.url);
    const viemContracts = (await import(
      pathToFileURL(join(dirname(require.resolve("viem")), "constants", "contracts.js")).href
    )) as { multicall3Bytecode: Hex };
    const multicall3 = await sender.deploy(
      { abi: [], bytecode: viemContracts.multicall3Bytecode, source: "viem" },
      [],
      "Multicall3",
    );
    const model = await sender.deploy(artifacts.erc20WithDecimals, ["Model", "M", 18], "token code");
    const tokenCode = (await client.getCode({ address: model }))!;
    const pairCode = (
      require("@uniswap/v2-core/build/UniswapV2Pair.json") as {
        evm: { deployedBytecode: { object: string } };
      }
    ).evm.deployedBytecode.object;
    const reserves = (i: number): [bigint, bigint] => [
      BigInt(1_000_000 + i) * E18,
      BigInt(100 + (i % 50)) * E18,
    ];
    const rpc = (method: string, params: unknown[]) => client.request({ method, params } as never);
    for (let i = 0; i < TOKENS; i++) {
      await rpc("anvil_setCode", [tokenOf(i), tokenCode]);
      await rpc("anvil_setCode", [pairOf(i), `0x${pairCode.replace(/^0x/, "")}`]);
      const [r0, r1] = reserves(i);
      // UniswapV2Pair slot 8: reserve0 (uint112) | reserve1 (uint112) << 112 | blockTimestampLast << 224
      const packed = r0 | (r1 << 112n) | (1n << 224n);
      await rpc("anvil_setStorageAt", [pairOf(i), "0x8", `0x${packed.toString(16).padStart(64, "0")}`]);
      const bag = bagOf(i);
      if (bag > 0n)
        await sender.write(
          {
            address: tokenOf(i) as Hex,
            abi: artifacts.erc20WithDecimals.abi,
            functionName: "mint",
            args: [WALLET, bag],
          },
          "mint bag",
        );
    }
    // the store: tokens, pairs, the wallet's trades and swaps through the writer
    await writeBatch(db.pool, {
      chain: CHAIN,
      blocks: [],
      trades: [],
      pools: Array.from({ length: TOKENS }, (_, i) => {
        const [r0, r1] = reserves(i);
        return {
          chain: CHAIN,
          address: pairOf(i),
          venueType: "UNISWAP_V2" as const,
          factory: null,
          feeBps: 30,
          token0: tokenOf(i),
          token1: WETH,
          tokenAddress: tokenOf(i),
          quoteAddress: WETH,
          reserve0: r0,
          reserve1: r1,
          priceNative: String(Number(r1) / Number(r0)),
          priceQuote: String(Number(r1) / Number(r0)),
          liquidityNative: String((2 * Number(r1)) / 1e18),
          createdAt: T0,
          createdBlock: 1n,
        };
      }),
      tokens: [
        ...Array.from({ length: TOKENS }, (_, i) => ({
          chain: CHAIN,
          address: tokenOf(i),
          name: `Token ${i}`,
          symbol: `T${i}`,
          decimals: 18,
          totalSupply: 10n ** 27n,
        })),
        {
          chain: CHAIN,
          address: WETH,
          name: "Wrapped Ether",
          symbol: "WETH",
          decimals: 18,
          totalSupply: null,
        },
      ],
      nativePrices: [
        { minute: Math.floor(Date.now() / 60_000) * 60_000 - 60_000, priceUsd: "3000", source: "bench" },
      ],
    });
    let n = 0;
    const trades: TradeRecord[] = [];
    const swaps: WalletSwapRecord[] = [];
    for (let j = 0; j < perToken; j++) {
      for (let i = 0; i < TOKENS; i++) {
        const { isBuy, amount } = tradeOf(i, j);
        const native = (amount * BigInt(100 + (i % 50))) / 1_000_000n / 10n;
        const txHash = `0x${n.toString(16).padStart(64, "0")}`;
        const at = T0 + n * 60_000;
        trades.push({
          chain: CHAIN,
          pool: pairOf(i),
          id: `${txHash}:0`,
          txHash,
          block: BigInt(1000 + n),
          logIndex: 0,
          at,
          maker: WALLET,
          isBuy,
          tokenAddress: tokenOf(i),
          quoteAddress: WETH,
          amountToken: amount,
          amountQuote: native,
          priceQuote: String(Number(native) / Number(amount)),
          priceNative: String(Number(native) / Number(amount)),
          volumeNative: String(Number(native) / 1e18),
          feesNative: "0.0001",
          isWash: null,
          preconfirmed: false,
          router: null,
        });
        const tokenSide = { tokenAddress: tokenOf(i), amount };
        const wethSide = { tokenAddress: WETH, amount: native };
        swaps.push({
          chain: CHAIN,
          wallet: WALLET,
          txHash,
          block: BigInt(1000 + n),
          seq: 0,
          at,
          sent: [isBuy ? wethSide : tokenSide],
          received: [isBuy ? tokenSide : wethSide],
          route: [
            {
              poolAddress: pairOf(i),
              poolType: "UNISWAP_V2",
              sent: isBuy ? wethSide : tokenSide,
              received: isBuy ? tokenSide : wethSide,
            },
          ],
          volumeNative: String(Number(native) / 1e18),
          feesNative: "0.0001",
        });
        n++;
      }
    }
    for (let k = 0; k < trades.length; k += 2000)
      await writeBatch(db.pool, {
        chain: CHAIN,
        blocks: [],
        trades: trades.slice(k, k + 2000),
        walletSwaps: swaps.slice(k, k + 2000),
        pools: [],
        tokens: [],
      });
    await db.pool.query("analyze");
    console.log(
      `${trades.length.toLocaleString()} trades over ${TOKENS} tokens (${TOKENS - Math.ceil(TOKENS / 5)} open, ${Math.ceil(TOKENS / 5)} closed) loaded in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );

    const node = chainNodeOf(CHAIN, { url: anvil.rpcUrl, multicall3 });
    /** Serves the wallet endpoints over a portfolio provider with the given cache lifetimes. */
    async function serve(opts: { holdingsTtlMs: number; closedTtlMs: number; eventsTtlMs?: number }) {
      const service = await createQueryService({
        pool: db.pool,
        ctx,
        providers: [createPortfolioProvider({ nodes: new Map([[CHAIN, node]]), ...opts })],
      });
      const app = walletApp(service, ctx);
      const server = await listen(app);
      return {
        url: server.url,
        close: async () => {
          await server.close();
          await service.close();
        },
      };
    }
    async function measure(
      name: string,
      url: string,
      before?: () => Promise<unknown>,
      check?: (b: unknown) => void,
    ) {
      const times: number[] = [];
      let cpu = { user: 0, system: 0 };
      for (let r = 0; r < RUNS + 5; r++) {
        if (r === 5) cpu = process.cpuUsage();
        if (before) await before();
        const s = performance.now();
        const res = await fetch(url);
        const body = await res.json();
        const ms = performance.now() - s;
        if (res.status !== 200) throw new Error(`${name}: ${res.status} ${JSON.stringify(body)}`);
        check?.(body);
        if (r >= 5) times.push(ms);
      }
      const used = process.cpuUsage(cpu);
      times.sort((a, b) => a - b);
      console.log(
        `${name}: p50 ${pct(times, 0.5).toFixed(1)} ms, p99 ${pct(times, 0.99).toFixed(1)} ms, max ${times.at(-1)!.toFixed(1)} ms over ${RUNS} requests; CPU of this process (API, query shard, load steps) ${((used.user + used.system) / 1000 / RUNS).toFixed(1)} ms a request; load ${loadavg()[0]!.toFixed(2)}`,
      );
    }
    const positions = `/v1/wallet/positions?chain=${CHAIN}&wallet=${WALLET}&minValueUsd=0`;
    const closed = `/v1/wallet/closed-positions?chain=${CHAIN}&wallet=${WALLET}&limit=30`;
    const open = TOKENS - Math.ceil(TOKENS / 5);
    const checkPositions = (b: unknown) => {
      const page = b as { data: { amountUsd: number | null }[] };
      if (page.data.length !== open || page.data.some((r) => r.amountUsd === null))
        throw new Error(`positions: ${page.data.length} rows, want ${open} valued`);
    };

    const cached = await serve({ holdingsTtlMs: 3_600_000, closedTtlMs: 3_600_000, eventsTtlMs: 3_600_000 });
    try {
      await measure(
        "GET /v1/wallet/positions, holdings cached",
        `${cached.url}${positions}`,
        undefined,
        checkPositions,
      );
      await measure("GET /v1/wallet/closed-positions limit=30, snapshot warm", `${cached.url}${closed}`);
    } finally {
      await cached.close();
    }
    // production lifetimes but holdings: trade events kept 5 s (a trade of the wallet drops them)
    const fresh = await serve({ holdingsTtlMs: 0, closedTtlMs: 0 });
    try {
      await measure(
        "GET /v1/wallet/positions, holdings read from anvil (a block mined before each)",
        `${fresh.url}${positions}`,
        () => rpc("evm_mine", []),
        checkPositions,
      );
    } finally {
      await fresh.close();
    }
    // nothing kept: every request reads the wallet's trades, and holdings from the node
    const cold = await serve({ holdingsTtlMs: 0, closedTtlMs: 0, eventsTtlMs: 0 });
    try {
      await measure(
        "GET /v1/wallet/positions, nothing cached (trades from Postgres, holdings from anvil, a block mined before each)",
        `${cold.url}${positions}`,
        () => rpc("evm_mine", []),
        checkPositions,
      );
      await measure("GET /v1/wallet/closed-positions limit=30, nothing cached", `${cold.url}${closed}`);
    } finally {
      await cold.close();
    }
  } finally {
    await db.drop();
    await anvil.stop();
  }
}

await main();
