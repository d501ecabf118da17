import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { TokenMetadataRecord } from "@tapeline/core";
import { createTestDatabase, type TestDatabase } from "@tapeline/core/testing";
import { type Address, decodeEventLog, type Hex, parseAbi } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { marketEndpoints } from "../../services/api/src/endpoints/market/endpoints.ts";
import { tokenFactsEndpoints } from "../../services/api/src/endpoints/tokenFacts/endpoints.ts";
import {
  createDevnetClient,
  type DevnetClient,
} from "../../services/ingest/src/devnet/createDevnetClient.ts";
import {
  createLaunchpadActions,
  type DevnetLaunch,
  type LaunchpadActions,
} from "../../services/ingest/src/devnet/createLaunchpadActions.ts";
import { createTxSender } from "../../services/ingest/src/devnet/createTxSender.ts";
import { deployUniswap } from "../../services/ingest/src/devnet/deployUniswap.ts";
import { devnetEvmConfig } from "../../services/ingest/src/devnet/devnetEvmConfig.ts";
import { type AnvilHandle, startAnvil } from "../../services/ingest/src/devnet/startAnvil.ts";
import {
  type EvmChainWorker,
  startEvmChainWorker,
} from "../../services/ingest/src/evm/createEvmChainWorker.ts";
import { tapelineLaunchpadFactory } from "../../services/ingest/src/evm/launchpadRegistry.ts";
import { createRpcClient } from "../../services/ingest/src/rpc/createRpcClient.ts";
import { refreshTokenMetadata } from "../../services/jobs/src/metadata/refreshTokenMetadata.ts";
import { provider as marketProvider } from "../../services/query/src/market/provider.ts";
import { createSecurityProvider } from "../../services/query/src/security/provider.ts";
import { type ServedApi, serveApi } from "../api/serveApi.ts";
import { waitForCheckpoint } from "./waitForCheckpoint.ts";

/**
 * Launchpad metadata on EVM: tokens launched on the devnet's own launchpad (TapelineLaunchpad.sol)
 * with a metadata URI, and one with none, while the worker ingests live. Each token's recorded URI
 * (GET /v1/token/metadata `uri`) equals the one in its CurveCreated log read from the chain with
 * viem's ABI decoder; the metadata job, pointed at a local server as an IPFS gateway, then fills
 * the record and the token snapshot's `metadata` block from the document that server serves; the
 * token without a URI is never fetched and serves nulls.
 */

const curveCreated = parseAbi([
  "event CurveCreated(address indexed curve, address indexed token, address indexed creator, string uri)",
]);

/** The metadata documents the local gateway serves, by IPFS path. */
const DOCS: Record<string, Record<string, unknown>> = {
  "/ipfs/QmLaunchOne": {
    name: "Launch One",
    description: "the first launch",
    image: "https://cdn.example/one.png",
    twitter: "launchone",
    telegram: "https://t.me/launchone",
    website: "https://one.example",
  },
  "/ipfs/QmLaunchTwo/meta.json": {
    name: "Launch Two",
    description: "the second launch",
    image: "https://cdn.example/two.png",
    extensions: { discord: "https://discord.gg/two" },
  },
};

let anvil: AnvilHandle;
let client: DevnetClient;
let db: TestDatabase;
let worker: EvmChainWorker;
let api: ServedApi;
let server: Server;
let gateway: string;
let lp: LaunchpadActions;
let chain: string;
const requested: string[] = [];
const launches: DevnetLaunch[] = [];

const get = async (path: string, query: Record<string, string>) => {
  const res = await fetch(`${api.url}${path}?${new URLSearchParams(query)}`);
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as { data: unknown }).data;
};

/** The URI each launched token's CurveCreated log carries, by token, read from the chain. */
async function urisOnChain(): Promise<Map<string, string>> {
  const logs = await client.getLogs({ address: lp.launchpad, fromBlock: 0n, toBlock: "latest" });
  const out = new Map<string, string>();
  for (const log of logs) {
    const ev = decodeEventLog({ abi: curveCreated, topics: log.topics as [Hex, ...Hex[]], data: log.data });
    out.set(ev.args.token.toLowerCase(), ev.args.uri);
  }
  return out;
}

beforeAll(async () => {
  server = createServer((req, res) => {
    requested.push(req.url ?? "");
    const doc = DOCS[req.url ?? ""];
    if (!doc) {
      res.statusCode = 404;
      return res.end();
    }
    res.setHeader("content-type", "application/json");
    res.end(JSON.stringify(doc));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  gateway = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  anvil = await startAnvil();
  client = createDevnetClient({ rpcUrl: anvil.rpcUrl, chainId: anvil.chainId });
  chain = `evm:${anvil.chainId}`;
  const deployment = await deployUniswap(client);
  const accounts = (await client.request({ method: "eth_accounts" as never })) as unknown as Address[];
  lp = await createLaunchpadActions(deployment, createTxSender(client, client.account.address));
  db = await createTestDatabase();
  const base = devnetEvmConfig(deployment, [{ url: anvil.rpcUrl }]);
  const cfg = { ...base, factories: [...base.factories, tapelineLaunchpadFactory(lp.launchpad)] };
  worker = startEvmChainWorker({ cfg, rpc: createRpcClient({ endpoints: cfg.endpoints }), db: db.pool });
  const creator = createTxSender(client, accounts[5]!);
  launches.push(await lp.create(creator, "Launch One", "ONE", "ipfs://QmLaunchOne"));
  launches.push(await lp.create(creator, "Launch Two", "TWO", " ipfs://QmLaunchTwo/meta.json "));
  launches.push(await lp.create(creator, "Launch Bare", "BARE", ""));
  await waitForCheckpoint(worker, await client.getBlockNumber());
  api = await serveApi({
    pool: db.pool,
    name: "launch-metadata-devnet",
    providers: [marketProvider, createSecurityProvider({ nodes: new Map() })],
    endpoints: [tokenFactsEndpoints, marketEndpoints],
  });
}, 240_000);

afterAll(async () => {
  await worker?.stop();
  await api?.close();
  await db?.drop();
  await anvil?.stop();
  server?.closeAllConnections();
  await new Promise((r) => server?.close(r));
});

describe("launchpad metadata on EVM (anvil)", () => {
  it("records each launched token's metadata URI as its CurveCreated log gives it (trimmed), none for an empty one", async () => {
    const onChain = await urisOnChain();
    expect([...onChain.keys()].sort()).toEqual(launches.map((l) => l.token).sort());
    for (const l of launches) {
      const data = (await get("/v1/token/metadata", { chain, address: l.token })) as TokenMetadataRecord;
      const uri = onChain.get(l.token)!.trim();
      expect(data.uri).toBe(uri === "" ? null : uri);
      expect(data.status).toBeNull();
      expect(data.iconUrl).toBeNull();
    }
  });

  it("the metadata job fetches the recorded URIs through the gateway and fills GET /v1/token/metadata and the snapshot", async () => {
    const result = await refreshTokenMetadata(db.pool, {
      gateways: { ipfs: [gateway], arweave: [] },
      fetch: { timeoutMs: 5000, maxBytes: 65536, testOnlyAllowLoopback: true },
      refreshMs: 86_400_000,
      retryMs: 3_600_000,
      limit: 100,
      dexPaid: null,
    });
    const onChain = await urisOnChain();
    const withUri = launches.filter((l) => onChain.get(l.token)!.trim() !== "");
    expect(result).toEqual({ checked: withUri.length, fetched: withUri.length, failed: {} });
    // one request per recorded URI, each the URI's path under the gateway
    expect(requested.sort()).toEqual(
      withUri.map((l) => `/ipfs/${onChain.get(l.token)!.trim().slice("ipfs://".length)}`).sort(),
    );
    for (const l of withUri) {
      const uri = onChain.get(l.token)!.trim();
      const doc = DOCS[`/ipfs/${uri.slice("ipfs://".length)}`]!;
      const ext = (doc.extensions ?? {}) as Record<string, string>;
      const data = (await get("/v1/token/metadata", { chain, address: l.token })) as TokenMetadataRecord;
      expect(data).toMatchObject({
        chain,
        address: l.token,
        uri,
        status: "ok",
        iconUrl: doc.image,
        description: doc.description,
        websiteUrl: doc.website === undefined ? null : new URL(doc.website as string).href,
        twitterUrl: doc.twitter === undefined ? null : `https://x.com/${doc.twitter}`,
        telegramUrl: doc.telegram ?? null,
        discordUrl: ext.discord ?? null,
        dexPaid: null,
        dexPaidAt: null,
      });
      expect(data.fetchedAt).toBeGreaterThan(0);
      const snap = (await get("/v1/token", { chain, address: l.token })) as {
        metadata: Record<string, unknown>;
      };
      const { chain: _c, address: _a, uri: _u, fetchedAt: _f, status: _s, ...block } = data;
      expect(snap.metadata).toEqual(block);
    }
    const bare = launches.find((l) => onChain.get(l.token)!.trim() === "")!;
    const data = (await get("/v1/token/metadata", { chain, address: bare.token })) as TokenMetadataRecord;
    expect(data).toMatchObject({ uri: null, status: null, iconUrl: null, description: null });
  });
});
