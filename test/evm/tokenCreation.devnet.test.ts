import { createTestDatabase, type TestDatabase } from "@tapeline/core/testing";
import { type Address, decodeEventLog, type Hex, parseAbi } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compileDevnetContracts } from "../../services/ingest/src/devnet/compileDevnetContracts.ts";
import {
  createDevnetClient,
  type DevnetClient,
} from "../../services/ingest/src/devnet/createDevnetClient.ts";
import { createMarketSimulator } from "../../services/ingest/src/devnet/createMarketSimulator.ts";
import { createTxSender, type TxSender } from "../../services/ingest/src/devnet/createTxSender.ts";
import { createUniswapV2Actions } from "../../services/ingest/src/devnet/createUniswapV2Actions.ts";
import type { DevnetDeployment } from "../../services/ingest/src/devnet/DevnetDeployment.ts";
import { deployUniswap } from "../../services/ingest/src/devnet/deployUniswap.ts";
import { devnetEvmConfig } from "../../services/ingest/src/devnet/devnetEvmConfig.ts";
import { type AnvilHandle, startAnvil } from "../../services/ingest/src/devnet/startAnvil.ts";
import { startEvmChainWorker } from "../../services/ingest/src/evm/createEvmChainWorker.ts";
import { createRpcClient } from "../../services/ingest/src/rpc/createRpcClient.ts";
import { createMarketQueries } from "../../services/query/src/market/createMarketQueries.ts";
import { waitForCheckpoint } from "./waitForCheckpoint.ts";

/**
 * EVM token creation recorded on ingest: every token of a market gets its creation block, time,
 * transaction and deployer, equal to what a full scan of the chain's receipts shows (a direct
 * deploy's contractAddress and sender; for the factory-made token, the factory's TokenCreated
 * log), and nameRank follows that deploy order, not address order.
 */

const E18 = 10n ** 18n;
const tokenCreated = parseAbi(["event TokenCreated(address indexed token, address indexed creator)"]);

type Creation = { block: bigint; at: number; tx: string; deployer: string };

/** Every contract created on the chain, from a scan of every block's receipts (and the factory's log). */
async function chainCreations(
  client: DevnetClient,
  head: bigint,
  factory: string,
): Promise<Map<string, Creation>> {
  const out = new Map<string, Creation>();
  for (let n = 0n; n <= head; n++) {
    const block = await client.getBlock({ blockNumber: n });
    const receipts = await client.request({
      method: "eth_getBlockReceipts" as never,
      params: [`0x${n.toString(16)}`] as never,
    });
    for (const r of receipts as unknown as {
      transactionHash: string;
      from: string;
      contractAddress: string | null;
      logs: { address: string; topics: Hex[]; data: Hex }[];
    }[]) {
      const at = Number(block.timestamp) * 1000;
      if (r.contractAddress)
        out.set(r.contractAddress.toLowerCase(), { block: n, at, tx: r.transactionHash, deployer: r.from });
      for (const log of r.logs) {
        if (log.address.toLowerCase() !== factory) continue;
        const ev = decodeEventLog({
          abi: tokenCreated,
          topics: log.topics as [Hex, ...Hex[]],
          data: log.data,
        });
        out.set(ev.args.token.toLowerCase(), {
          block: n,
          at,
          tx: r.transactionHash,
          deployer: ev.args.creator.toLowerCase(),
        });
      }
    }
  }
  return out;
}

describe("EVM token creation on ingest (anvil)", () => {
  let anvil: AnvilHandle;
  let client: DevnetClient;
  let deployment: DevnetDeployment;
  let db: TestDatabase;
  let head: bigint;
  let factory: Address;
  let launched: Address;
  const twins: Address[] = [];

  beforeAll(async () => {
    anvil = await startAnvil();
    client = createDevnetClient({ rpcUrl: anvil.rpcUrl, chainId: anvil.chainId });
    deployment = await deployUniswap(client);
    const sim = createMarketSimulator({ client, deployment, seed: 5 });
    await sim.runSimulatorSteps(20);
    const compiled = compileDevnetContracts();
    const accounts = (await client.request({ method: "eth_accounts" as never })) as unknown as Address[];
    const owner = createTxSender(client, client.account.address);
    const launcher: TxSender = createTxSender(client, accounts[3]!);
    const v2 = createUniswapV2Actions(client, deployment);

    // A token launched through a factory: its creation transaction is the launcher's call.
    factory = (await owner.deploy(compiled.tokenFactory, [], "token factory")).toLowerCase() as Address;
    const r = await launcher.write(
      {
        address: factory,
        abi: compiled.tokenFactory.abi,
        functionName: "create",
        args: ["Launched", "LNCH", 1000n * E18],
      },
      "launch LNCH",
    );
    const log = r.logs.find((l) => l.address.toLowerCase() === factory)!;
    launched = (
      decodeEventLog({ abi: tokenCreated, topics: log.topics, data: log.data }).args.token as string
    ).toLowerCase() as Address;
    await v2.createPool(launcher, {
      tokenA: launched,
      tokenB: deployment.weth,
      amountA: 100n * E18,
      amountB: E18,
      nativeEth: true,
    });

    // Tokens sharing a symbol, deployed until a later one has a lower address than an earlier one,
    // so deploy order and address order disagree.
    while (twins.length < 2 || twins.at(-1)! > twins[0]!) {
      const t = (
        await owner.deploy(
          compiled.feeOnTransferToken,
          ["Twin", "TWIN", 0n, owner.address, 1000n * E18],
          "twin",
        )
      ).toLowerCase() as Address;
      twins.push(t);
      await v2.createPool(owner, {
        tokenA: t,
        tokenB: deployment.weth,
        amountA: 10n * E18,
        amountB: E18 / 10n,
        nativeEth: true,
      });
    }
    await sim.runSimulatorSteps(5);

    db = await createTestDatabase();
    const cfg = devnetEvmConfig(deployment, [{ url: anvil.rpcUrl }]);
    head = await client.getBlockNumber();
    const worker = startEvmChainWorker({
      cfg,
      rpc: createRpcClient({ endpoints: cfg.endpoints }),
      db: db.pool,
    });
    await waitForCheckpoint(worker, head);
    await worker.stop();
  }, 240_000);

  afterAll(async () => {
    await db?.drop();
    await anvil?.stop();
  });

  it("stores every market token's creation block, time, transaction and deployer as the chain shows them", async () => {
    const truth = await chainCreations(client, head, factory);
    const { rows } = await db.pool.query<{
      address: string;
      created_block: string | null;
      created_at: string | null;
      created_tx: string | null;
      deployer: string | null;
    }>(
      `select address, created_block, created_at, created_tx, deployer from tokens
       where chain_id = $1 and address <> '0x0000000000000000000000000000000000000000'`,
      [`evm:${deployment.chainId}`],
    );
    expect(rows.length).toBeGreaterThan(5);
    expect(rows.map((r) => r.address)).toContain(launched);
    for (const r of rows) {
      const want = truth.get(r.address);
      expect(want, r.address).toBeDefined();
      expect(
        { block: r.created_block, at: Number(r.created_at), tx: r.created_tx, deployer: r.deployer },
        r.address,
      ).toEqual({
        block: want!.block.toString(),
        at: want!.at,
        tx: want!.tx,
        deployer: want!.deployer.toLowerCase(),
      });
    }
    // the factory-made token's deployer is the launcher who called the factory, not the factory
    expect(rows.find((r) => r.address === launched)!.deployer).not.toBe(factory);
  });

  it("ranks tokens sharing a symbol by deploy order", async () => {
    const truth = await chainCreations(client, head, factory);
    const byDeploy = [...twins].sort((a, b) => Number(truth.get(a)!.block - truth.get(b)!.block));
    const queries = createMarketQueries({ db: db.pool });
    const chain = `evm:${anvil.chainId}` as const;
    for (const [i, address] of byDeploy.entries()) {
      const snap = await queries.tokenSnapshot({ chain, address });
      expect(snap.nameRank, address).toBe(i + 1);
      expect(snap.createdAt).toBe(truth.get(address)!.at);
      expect(snap.deployer).toBe(truth.get(address)!.deployer.toLowerCase());
    }
  });
});
