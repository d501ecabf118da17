import type { ChainId } from "@tapeline/core";
import { createTestDatabase, type TestDatabase } from "@tapeline/core/testing";
import { type Address, parseAbi, parseAbiItem } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createDevnetClient,
  type DevnetClient,
} from "../../services/ingest/src/devnet/createDevnetClient.ts";
import { createMarketSimulator } from "../../services/ingest/src/devnet/createMarketSimulator.ts";
import { createTxSender, type TxSender } from "../../services/ingest/src/devnet/createTxSender.ts";
import {
  createUniswapV2Actions,
  type UniswapV2Actions,
} from "../../services/ingest/src/devnet/createUniswapV2Actions.ts";
import type { DevnetDeployment } from "../../services/ingest/src/devnet/DevnetDeployment.ts";
import { deployDevnetToken } from "../../services/ingest/src/devnet/deployDevnetToken.ts";
import { deployUniswap } from "../../services/ingest/src/devnet/deployUniswap.ts";
import { devnetEvmConfig } from "../../services/ingest/src/devnet/devnetEvmConfig.ts";
import { loadDevnetArtifacts } from "../../services/ingest/src/devnet/loadDevnetArtifacts.ts";
import { type AnvilHandle, startAnvil } from "../../services/ingest/src/devnet/startAnvil.ts";
import { startEvmChainWorker } from "../../services/ingest/src/evm/createEvmChainWorker.ts";
import { createRpcClient } from "../../services/ingest/src/rpc/createRpcClient.ts";
import { createHolderQueries } from "../../services/query/src/holders/createHolderQueries.ts";
import { createNodeRpc } from "../../services/query/src/portfolio/createNodeRpc.ts";
import { waitForCheckpoint } from "./waitForCheckpoint.ts";

/**
 * Balances kept by ingest against the chain: for every token the ingest tracks, its holders
 * (positive balances), holder count and per-wallet balances equal `balanceOf` at the head for
 * every address any of its Transfer logs (and WETH's Deposit/Withdrawal) of a non-zero value named, after
 * transfers before and after tracking began, swaps of the simulator and of other wallets, a burn,
 * a mint, and a reorg that orphans some of them; no change row is left of an orphaned block.
 */

const E18 = 10n ** 18n;
const ZERO = "0x0000000000000000000000000000000000000000";
const erc20 = parseAbi([
  "function balanceOf(address) view returns (uint256)",
  "function transfer(address to, uint256 amount) returns (bool)",
  "function burn(uint256 amount)",
  "function mint(address to, uint256 amount)",
]);
const transferEvent = parseAbiItem("event Transfer(address indexed from, address indexed to, uint256 value)");
const depositEvent = parseAbiItem("event Deposit(address indexed dst, uint256 wad)");
const withdrawalEvent = parseAbiItem("event Withdrawal(address indexed src, uint256 wad)");

/** Every address the token's balance logs name, with its balanceOf at `block`. */
async function chainBalances(
  client: DevnetClient,
  token: Address,
  weth: string,
  block: bigint,
): Promise<Map<string, bigint>> {
  const named = new Set<string>();
  const transfers = await client.getLogs({
    address: token,
    event: transferEvent,
    fromBlock: 0n,
    toBlock: block,
  });
  // a zero-value log moves nothing: it makes no holder
  for (const l of transfers.filter((x) => x.args.value! > 0n)) {
    named.add(l.args.from!.toLowerCase());
    named.add(l.args.to!.toLowerCase());
  }
  if (token === weth) {
    for (const event of [depositEvent, withdrawalEvent]) {
      const logs = await client.getLogs({ address: token, event, fromBlock: 0n, toBlock: block });
      for (const l of logs) {
        const args = l.args as { dst?: string; src?: string; wad?: bigint };
        if (args.wad! > 0n) named.add((args.dst ?? args.src)!.toLowerCase());
      }
    }
  }
  named.delete(ZERO);
  const out = new Map<string, bigint>();
  for (const a of named) {
    const v = await client.readContract({
      address: token,
      abi: erc20,
      functionName: "balanceOf",
      args: [a as Address],
      blockNumber: block,
    });
    out.set(a.toLowerCase(), v);
  }
  return out;
}

describe("token balances kept by ingest (anvil)", () => {
  let anvil: AnvilHandle;
  let client: DevnetClient;
  let deployment: DevnetDeployment;
  let db: TestDatabase;
  let owner: TxSender;
  let others: TxSender[];
  let v2: UniswapV2Actions;
  let token: Address;
  let worker: ReturnType<typeof startEvmChainWorker>;
  const chain = () => `evm:${deployment.chainId}`;

  const send = (from: TxSender, to: string, amount: bigint) =>
    from.write(
      { address: token, abi: erc20, functionName: "transfer", args: [to as Address, amount] },
      "transfer",
    );
  const buy = (who: TxSender, eth: bigint) =>
    v2.swap(who, {
      path: [deployment.weth, token],
      amount: eth,
      exactOutput: false,
      maxIn: 0n,
      nativeIn: true,
      nativeOut: false,
    });

  async function expectBalancesMatchChain(): Promise<number> {
    const head = await client.getBlockNumber();
    await waitForCheckpoint(worker, head);
    const tracked = await db.pool.query<{ token_address: string; holder_count: string }>(
      "select token_address, holder_count::text from token_holder_stats where chain_id = $1",
      [chain()],
    );
    expect(tracked.rows.map((r) => r.token_address)).toContain(token);
    let checked = 0;
    for (const t of tracked.rows) {
      const want = await chainBalances(client, t.token_address as Address, deployment.weth, head);
      const holders = await db.pool.query<{ holder: string; balance: string }>(
        "select holder, balance::text from token_holders where token_key = $1",
        [`${chain()}/${t.token_address}`],
      );
      const got = new Map(holders.rows.map((r) => [r.holder, BigInt(r.balance)]));
      const positive = new Map([...want].filter(([, v]) => v > 0n));
      expect(got, t.token_address).toEqual(positive);
      expect(Number(t.holder_count), t.token_address).toBe(positive.size);
      const wallets = await db.pool.query<{ wallet: string; balance: string }>(
        "select wallet, balance::text from wallet_balances where chain_id = $1 and token_address = $2",
        [chain(), t.token_address],
      );
      const byWallet = new Map(wallets.rows.map((r) => [r.wallet, BigInt(r.balance)]));
      // an address whose every transaction nets to zero (a router wrapping and passing on) never held
      expect(byWallet, t.token_address).toEqual(
        new Map([...want].filter(([a, v]) => v > 0n || byWallet.has(a))),
      );
      checked += want.size;
    }
    // the change log replays to the current balances
    const replay = await db.pool.query<{ n: number }>(
      `select count(*)::int as n from wallet_balances b
       where b.chain_id = $1 and b.balance <> (
         select c.balance from wallet_balance_changes c where c.wallet_key = b.wallet_key
           and c.token_address = b.token_address order by c.block desc, c.seq desc limit 1)`,
      [chain()],
    );
    expect(replay.rows[0]!.n).toBe(0);
    return checked;
  }

  beforeAll(async () => {
    anvil = await startAnvil();
    client = createDevnetClient({ rpcUrl: anvil.rpcUrl, chainId: anvil.chainId });
    deployment = await deployUniswap(client);
    owner = createTxSender(client, client.account.address);
    const accounts = (await client.getAddresses()).map((a) => a.toLowerCase() as Address);
    others = accounts
      .filter((a) => a !== owner.address)
      .slice(0, 3)
      .map((a) => createTxSender(client, a));
    v2 = createUniswapV2Actions(client, deployment);
    const t = await deployDevnetToken(owner, loadDevnetArtifacts(), {
      name: "Held",
      symbol: "HELD",
      decimals: 18,
      supply: 10_000_000n * E18,
      seedPriceUsd: 1,
    });
    token = t.address.toLowerCase() as Address;
    // history before the token has a market: the seed from its creation must cover it
    await send(owner, others[0]!.address, 1_000n * E18);
    await send(others[0]!, others[1]!.address, 250n * E18);
    await v2.createPool(owner, {
      tokenA: token,
      tokenB: deployment.weth,
      amountA: 1_000_000n * E18,
      amountB: 10n * E18,
      nativeEth: true,
    });
    await createMarketSimulator({ client, deployment, seed: 5 }).runSimulatorSteps(12);
    db = await createTestDatabase();
    const cfg = devnetEvmConfig(deployment, [{ url: anvil.rpcUrl }], {
      maxBlockRange: 3,
      finalityDepth: 512,
    });
    worker = startEvmChainWorker({ cfg, rpc: createRpcClient({ endpoints: cfg.endpoints }), db: db.pool });
    await waitForCheckpoint(worker, await client.getBlockNumber());
  }, 300_000);

  afterAll(async () => {
    await worker?.stop();
    await db?.drop();
    await anvil?.stop();
  });

  it("keeps every tracked token's holders and wallet balances equal to balanceOf", async () => {
    // after tracking began: transfers, buys by other wallets, a burn, a mint, a wallet emptied
    await send(owner, others[2]!.address, 77n * E18);
    await buy(others[1]!, E18 / 10n);
    await buy(others[2]!, E18 / 20n);
    await owner.write({ address: token, abi: erc20, functionName: "burn", args: [5_000n * E18] }, "burn");
    await owner.write(
      { address: token, abi: erc20, functionName: "mint", args: [others[0]!.address, 3n * E18] },
      "mint",
    );
    const held = await client.readContract({
      address: token,
      abi: erc20,
      functionName: "balanceOf",
      args: [others[0]!.address],
    });
    await send(others[0]!, owner.address, held);
    await createMarketSimulator({ client, deployment, seed: 6 }).runSimulatorSteps(6);
    expect(await expectBalancesMatchChain()).toBeGreaterThan(10);
    const emptied = await db.pool.query("select 1 from token_holders where token_key = $1 and holder = $2", [
      `${chain()}/${token}`,
      others[0]!.address,
    ]);
    expect(emptied.rowCount).toBe(0);
  });

  it("leaves no row of a reorg's orphaned blocks and matches the new chain", async () => {
    const fork = await client.getBlockNumber();
    const snapshot = await client.snapshot();
    await send(owner, others[0]!.address, 123n * E18);
    await buy(others[1]!, E18 / 5n);
    await owner.write({ address: token, abi: erc20, functionName: "burn", args: [1_000n * E18] }, "burn");
    await expectBalancesMatchChain();
    const orphans = await db.pool.query<{ tx_hash: string }>(
      "select distinct tx_hash from wallet_balance_changes where chain_id = $1 and block > $2",
      [chain(), fork.toString()],
    );
    expect(orphans.rows.length).toBeGreaterThan(0);

    await client.revert({ id: snapshot });
    await send(owner, others[2]!.address, 9n * E18);
    await client.mine({ blocks: 4 });
    await buy(others[2]!, E18 / 50n);
    await expectBalancesMatchChain();
    const left = await db.pool.query<{ tx_hash: string; block: string }>(
      "select distinct tx_hash, block::text from wallet_balance_changes where chain_id = $1 and block > $2",
      [chain(), fork.toString()],
    );
    for (const r of left.rows) {
      const receipt = await client.getTransactionReceipt({ hash: r.tx_hash as `0x${string}` });
      expect(receipt.blockNumber.toString()).toBe(r.block);
    }
    for (const o of orphans.rows) expect(left.rows.map((r) => r.tx_hash)).not.toContain(o.tx_hash);
  });

  it("tags the holders with contract code programOwned, judged from eth_getCode; an EIP-7702 delegated account is not", async () => {
    // a key-held account delegating to the pair's code (EIP-7702 designator) stays a wallet
    const pair = (
      await db.pool.query<{ address: string }>(
        "select address from pools where chain_id = $1 and token_address = $2 limit 1",
        [chain(), token],
      )
    ).rows[0]!.address;
    await client.request({
      method: "anvil_setCode" as never,
      params: [others[1]!.address, `0xef0100${pair.slice(2)}`] as never,
    });
    const queries = createHolderQueries({
      db: db.pool,
      nodeOf: () => createNodeRpc({ url: anvil.rpcUrl }),
    });
    const tracked = await db.pool.query<{ token_address: string }>(
      "select token_address from token_holder_stats where chain_id = $1",
      [chain()],
    );
    let contracts = 0;
    let wallets = 0;
    for (const t of tracked.rows) {
      const page = await queries.tokenHolders({
        chain: chain() as ChainId,
        address: t.token_address,
        limit: 100,
        cursor: null,
      });
      expect(page.programOwnedChecked).toBe(true);
      for (const h of page.data) {
        // viem answers undefined for an address without code
        const code = (await client.getCode({ address: h.address as Address })) ?? "0x";
        const isContract = code !== "0x" && !code.startsWith("0xef0100");
        expect(h.tags.includes("programOwned"), h.address).toBe(isContract);
        if (isContract) contracts++;
        else wallets++;
      }
    }
    expect(contracts).toBeGreaterThan(0);
    expect(wallets).toBeGreaterThan(0);
    const tokenPage = await queries.tokenHolders({
      chain: chain() as ChainId,
      address: token,
      limit: 100,
      cursor: null,
    });
    expect(tokenPage.data.find((h) => h.address === pair)?.tags).toEqual(["pool", "programOwned"]);
    expect(tokenPage.data.find((h) => h.address === others[1]!.address)?.tags).toEqual([]);

    // without an answering node nothing is judged, and the page says so
    const blind = createHolderQueries({
      db: db.pool,
      nodeOf: () => createNodeRpc({ url: "http://127.0.0.1:9", timeoutMs: 500 }),
    });
    const unjudged = await blind.tokenHolders({
      chain: chain() as ChainId,
      address: token,
      limit: 100,
      cursor: null,
    });
    expect(unjudged.programOwnedChecked).toBe(false);
    expect(unjudged.data.some((h) => h.tags.includes("programOwned"))).toBe(false);
    expect(unjudged.data.find((h) => h.address === pair)?.tags).toEqual(["pool"]);
  });
});
