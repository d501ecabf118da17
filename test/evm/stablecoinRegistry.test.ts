import { type ChainId, formatUnits } from "@tapeline/core";
import { createTestDatabase, type TestDatabase } from "@tapeline/core/testing";
import { type Address, erc20Abi, type Hex } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { walletEndpoints } from "../../services/api/src/endpoints/wallet/endpoints.ts";
import {
  createDevnetClient,
  type DevnetClient,
} from "../../services/ingest/src/devnet/createDevnetClient.ts";
import { createTxSender } from "../../services/ingest/src/devnet/createTxSender.ts";
import { deployDevnetToken } from "../../services/ingest/src/devnet/deployDevnetToken.ts";
import { loadDevnetArtifacts } from "../../services/ingest/src/devnet/loadDevnetArtifacts.ts";
import { type AnvilHandle, startAnvil } from "../../services/ingest/src/devnet/startAnvil.ts";
import { KNOWN_EVM_CHAINS } from "../../services/ingest/src/service/knownEvmChains.ts";
import { chainNodeOf, createPortfolioProvider } from "../../services/query/src/portfolio/provider.ts";
import { serveApi } from "../api/serveApi.ts";

/** anvil's dev account 9: the wallet holding the stablecoins. */
const WALLET = "0xa0ee7a142d267c1f36714e4a8f75612f20a79720" as Address;
const USDC = "0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48" as Address;
const USDT = "0xdac17f958d2ee523a2206206994597c13d831ec7" as Address;

/**
 * The EVM stablecoin registry the migrations seed: its rows are the ingest's KNOWN_EVM_CHAINS
 * stablecoins, and with them Ethereum's USDC and USDT are served as `kind: stable` by positions.
 * An anvil node stands for Ethereum: a 6-decimal ERC-20's runtime code is placed at the mainnet
 * USDC and USDT addresses and minted to the wallet, and the served rows are checked against
 * balanceOf read from the node; a token at another address stays a position.
 */
describe("the EVM stablecoin registry", () => {
  let anvil: AnvilHandle;
  let client: DevnetClient;
  let db: TestDatabase;
  let url: string;
  let close: () => Promise<void>;
  let other: Address;

  beforeAll(async () => {
    anvil = await startAnvil();
    client = createDevnetClient({ rpcUrl: anvil.rpcUrl, chainId: anvil.chainId });
    const artifacts = loadDevnetArtifacts();
    const deployer = createTxSender(client, client.account.address);
    const token = await deployDevnetToken(deployer, artifacts, {
      name: "Six",
      symbol: "SIX",
      decimals: 6,
      supply: 10n ** 15n,
      seedPriceUsd: 1,
    });
    other = token.address as Address;
    const code = (await client.getCode({ address: other })) as Hex;
    for (const [address, amount] of [
      [USDC, 1_234_567_890n],
      [USDT, 42n * 10n ** 6n],
      [other, 5n * 10n ** 6n],
    ] as const) {
      if (address !== other)
        await client.request({ method: "anvil_setCode", params: [address, code] } as never);
      await deployer.write(
        { address, abi: artifacts.erc20WithDecimals.abi, functionName: "mint", args: [WALLET, amount] },
        `mint at ${address}`,
      );
    }
    db = await createTestDatabase();
    const api = await serveApi({
      pool: db.pool,
      name: "stablecoin-registry",
      providers: [
        createPortfolioProvider({
          nodes: new Map([
            ["evm:1" as ChainId, chainNodeOf("evm:1", { url: anvil.rpcUrl, multicall3: null })],
          ]),
        }),
      ],
      endpoints: [walletEndpoints],
    });
    url = api.url;
    close = api.close;
  }, 120_000);

  afterAll(async () => {
    await close?.();
    await db?.drop();
    await anvil?.stop();
  });

  it("holds every known EVM chain's stablecoins, by lowercase address", async () => {
    const { rows } = await db.pool.query<{ chain_id: string; address: string; symbol: string }>(
      "select chain_id, address, symbol from stablecoins",
    );
    const known = Object.entries(KNOWN_EVM_CHAINS).flatMap(([id, c]) =>
      c.stablecoins.map((a) => `evm:${id}/${a}`),
    );
    expect(rows.map((r) => `${r.chain_id}/${r.address}`).sort()).toEqual(known.sort());
    for (const r of rows) {
      expect(r.address).toMatch(/^0x[0-9a-f]{40}$/);
      expect(r.symbol).toMatch(/^USD/);
    }
  });

  it("serves Ethereum's USDC and USDT as stable rows at face value, equal to balanceOf", async () => {
    const res = await fetch(
      `${url}/v1/wallet/positions?${new URLSearchParams({ chain: "evm:1", wallet: WALLET, includeStables: "true", tokens: `${USDC},${USDT},${other}` })}`,
    );
    expect(res.status, await res.clone().text()).toBe(200);
    const body = (await res.json()) as {
      data: {
        address: string;
        kind: string;
        symbol: string;
        amount: string;
        amountUsd: number | null;
        labels: string[];
        buys: number;
      }[];
      meta: { summary: { totalValueUsd: number } };
    };
    const stable = body.data.filter((r) => r.kind === "stable");
    expect(stable.map((r) => r.address).sort()).toEqual([USDC, USDT].sort());
    for (const r of stable) {
      const balance = await client.readContract({
        address: r.address as Address,
        abi: erc20Abi,
        functionName: "balanceOf",
        args: [WALLET],
      });
      expect(r.amount).toBe(formatUnits(balance, 6));
      expect(r.amountUsd).toBe(Number(r.amount));
      expect(r.symbol).toBe(r.address === USDC ? "USDC" : "USDT");
      expect([r.labels, r.buys]).toEqual([[], 0]);
    }
    // the same code at an address the registry does not list is no stablecoin
    expect(body.data.some((r) => r.address === other && r.kind === "stable")).toBe(false);
    expect(body.meta.summary.totalValueUsd).toBeCloseTo(1234.56789 + 42, 6);
    const without = await fetch(
      `${url}/v1/wallet/positions?${new URLSearchParams({ chain: "evm:1", wallet: WALLET })}`,
    );
    expect(((await without.json()) as { data: unknown[] }).data).toEqual([]);
  });
});
