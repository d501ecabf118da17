import {
  type Address,
  decodeEventLog,
  encodeFunctionData,
  type Hash,
  keccak256,
  parseAbi,
  parseEther,
  toHex,
} from "viem";
import { compileDevnetSource } from "./compileDevnetContracts.ts";
import type { DevnetClient } from "./createDevnetClient.ts";
import { createRng } from "./createRng.ts";
import { createTxSender } from "./createTxSender.ts";
import type { DevnetDeployment } from "./DevnetDeployment.ts";
import { DevnetError } from "./DevnetError.ts";
import { DEVNET_ETH_PRICE_USD } from "./deployUniswap.ts";

/**
 * What a screener market is made to be: traded by many wallets (`normal`), traded back and forth
 * by two wallets (`wash`), traded and then drained of 99.9% of its liquidity (`drained`), or a
 * stablecoin's pair with WETH (`stable`: its token is a USD stablecoin the caller declares).
 */
export type ScreenerMarketKind = "normal" | "wash" | "drained" | "stable";

/** One launched market, lowercase addresses. */
export type ScreenerMarket = {
  kind: ScreenerMarketKind;
  token: Address;
  pair: Address;
  name: string;
  symbol: string;
};

/** A population of Uniswap V2 markets on the devnet for screener tests (opt-in, beside the simulator). */
export type ScreenerMarkets = {
  desk: Address;
  markets: ScreenerMarket[];
  /** the `stable` markets' tokens: USD stablecoins for the chain's configuration */
  stablecoins: Address[];
  /**
   * Runs `rounds` rounds of trading: each round a `normal` market trades with probability
   * `activity` (a buy, or a sell by a wallet that bought it), a `wash` market trades twice
   * between its two wallets, a `stable` market once. Returns the trades sent.
   * @throws DevnetError `TX_FAILED` when a trade reverted
   */
  trade(rounds: number, activity?: number): Promise<number>;
  /** Drains the `drained` markets (99.9% of their liquidity leaves the pool). */
  drain(): Promise<void>;
};

const WORDS = [
  "Moon",
  "Frog",
  "Pepe",
  "Doge",
  "Cat",
  "Alpha",
  "Turbo",
  "Giga",
  "Based",
  "Wen",
  "Lambo",
  "Pixel",
];
const LAUNCHES_PER_TX = 5;
const GAS = 250_000n;
const TRADES_PER_BLOCK = 100;
const FEES = { maxFeePerGas: 100_000_000_000n, maxPriorityFeePerGas: 1_000_000_000n };
const launched = parseAbi(["event Launched(address indexed token, address indexed pair)"]);

/**
 * Deploys the screener desk (`contracts/ScreenerMarkets.sol`) and launches `count` token/WETH V2
 * markets, one kind in twenty each of `stable`, `wash` and `drained`, the rest `normal`, with
 * names and symbols built from a word list and their index (text filters have something to
 * match). Trades come from `makers` wallets the node impersonates (funded with `anvil_setBalance`).
 */
export async function createScreenerMarkets(opts: {
  client: DevnetClient;
  deployment: DevnetDeployment;
  seed: number | string;
  count: number;
  makers?: number;
}): Promise<ScreenerMarkets> {
  const { client, deployment } = opts;
  const rng = createRng(`screener:${opts.seed}`);
  const artifact = compileDevnetSource("ScreenerMarkets.sol")("ScreenerDesk");
  // fixed gas: estimating a transaction that launches several markets costs more than running it
  const owner = createTxSender(client, client.account.address, { fixedGas: 29_000_000n });
  const desk = (
    await owner.deploy(artifact, [deployment.weth, deployment.contracts.uniswapV2Factory], "screener desk")
  ).toLowerCase() as Address;

  const kinds: ScreenerMarketKind[] = Array.from({ length: opts.count }, (_, i) =>
    i % 20 === 3 ? "stable" : i % 20 === 7 ? "wash" : i % 20 === 11 ? "drained" : "normal",
  );
  const markets: ScreenerMarket[] = [];
  for (let from = 0; from < opts.count; from += LAUNCHES_PER_TX) {
    const batch = kinds.slice(from, from + LAUNCHES_PER_TX).map((kind, k) => {
      const i = from + k;
      const coins = parseEther(rng.logUniform(2, 40).toFixed(6));
      if (kind === "stable")
        return {
          kind,
          name: `Stable Dollar ${i}`,
          symbol: `USD${i}`,
          coins,
          tokens: coins * BigInt(DEVNET_ETH_PRICE_USD),
        };
      const word = rng.pick(WORDS);
      const tokensPerCoin = BigInt(Math.round(rng.logUniform(1_000, 10_000_000)));
      return {
        kind,
        name: `${word} ${rng.pick(WORDS)} ${i}`,
        symbol: `${word.slice(0, 3).toUpperCase()}${i}`,
        coins,
        tokens: coins * tokensPerCoin,
      };
    });
    const value = batch.reduce((s, b) => s + b.coins, 0n);
    const r = await owner.write(
      {
        address: desk,
        abi: artifact.abi,
        functionName: "launch",
        args: [
          batch.map((b) => b.name),
          batch.map((b) => b.symbol),
          batch.map((b) => b.tokens),
          batch.map((b) => b.coins),
        ],
        value,
      },
      "launch screener markets",
    );
    const logs = r.logs.filter((l) => l.address.toLowerCase() === desk);
    logs.forEach((log, k) => {
      const { args } = decodeEventLog({ abi: launched, topics: log.topics, data: log.data });
      const b = batch[k]!;
      markets.push({
        kind: b.kind,
        name: b.name,
        symbol: b.symbol,
        token: args.token.toLowerCase() as Address,
        pair: args.pair.toLowerCase() as Address,
      });
    });
  }

  const makers: Address[] = [];
  for (let i = 0; i < (opts.makers ?? 40); i++) {
    const address = `0x${keccak256(toHex(`screener maker ${opts.seed} ${i}`)).slice(26)}` as Address;
    await client.setBalance({ address, value: parseEther("100000") });
    await client.impersonateAccount({ address });
    makers.push(address);
  }
  const washPair = new Map(
    markets.map((m, i) => [m.pair, [makers[i % makers.length]!, makers[(i + 1) % makers.length]!]]),
  );
  const holding = new Set<string>();

  // Automining stops while a round's trades wait in the pool; each mined block then holds up to
  // TRADES_PER_BLOCK of them (a block per trade makes the chain, and its ingest, far slower).
  const pending: Hash[] = [];
  const mined: Hash[] = [];
  async function mine(): Promise<void> {
    if (pending.length === 0) return;
    await client.mine({ blocks: 1 });
    mined.push(...pending.splice(0));
  }
  async function send(
    from: Address,
    functionName: "buy" | "sell",
    args: unknown[],
    value?: bigint,
  ): Promise<void> {
    pending.push(
      await client.sendTransaction({
        account: from,
        chain: null,
        to: desk,
        data: encodeFunctionData({ abi: artifact.abi, functionName, args }),
        gas: GAS,
        ...FEES,
        ...(value !== undefined && { value }),
      }),
    );
    if (pending.length === TRADES_PER_BLOCK) await mine();
  }
  const buy = (from: Address, m: ScreenerMarket) => {
    holding.add(`${from}:${m.token}`);
    return send(from, "buy", [m.pair, m.token], parseEther(rng.logUniform(0.01, 0.8).toFixed(6)));
  };
  const sell = (from: Address, m: ScreenerMarket) =>
    send(from, "sell", [m.pair, m.token, BigInt(2_000 + rng.int(6_000))]);

  async function confirm(hashes: Hash[]): Promise<void> {
    for (let i = 0; i < hashes.length; i += 50) {
      const receipts = await Promise.all(
        hashes.slice(i, i + 50).map((hash) => client.getTransactionReceipt({ hash })),
      );
      const failed = receipts.find((r) => r.status !== "success");
      if (failed) throw new DevnetError("TX_FAILED", `screener trade ${failed.transactionHash} reverted`);
    }
  }

  return {
    desk,
    markets,
    stablecoins: markets.filter((m) => m.kind === "stable").map((m) => m.token),
    async trade(rounds, activity = 0.35) {
      await client.setAutomine(false);
      try {
        for (let round = 0; round < rounds; round++) {
          for (const m of markets) {
            if (m.kind === "wash") {
              const [a, b] = washPair.get(m.pair)!;
              await buy(a!, m);
              await buy(b!, m);
            } else if (m.kind === "stable" || rng.chance(activity)) {
              const who = rng.pick(makers);
              await (holding.has(`${who}:${m.token}`) && rng.chance(0.4) ? sell(who, m) : buy(who, m));
            }
          }
        }
        await mine();
      } finally {
        await client.setAutomine(true);
      }
      const sent = mined.splice(0);
      await confirm(sent);
      return sent.length;
    },
    async drain() {
      for (const m of markets.filter((x) => x.kind === "drained"))
        await owner.write(
          { address: desk, abi: artifact.abi, functionName: "drain", args: [m.pair, 9_990n] },
          "drain screener market",
        );
    },
  };
}
