import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { TokenMetadataRecord } from "@tapeline/core";
import { createTestDatabase, type TestDatabase } from "@tapeline/core/testing";
import { writeBatch } from "@tapeline/ingest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ServedApi, serveApi } from "../../../../../test/api/serveApi.ts";
import { refreshTokenMetadata } from "../../../../jobs/src/metadata/refreshTokenMetadata.ts";
import { provider as marketProvider } from "../../../../query/src/market/provider.ts";
import {
  buildMarketFixture,
  FX_CHAIN,
  FX_TOKEN,
  FX_WETH,
} from "../../../../query/src/market/testing/buildMarketFixture.ts";
import { createSecurityProvider } from "../../../../query/src/security/provider.ts";
import { marketEndpoints } from "../market/endpoints.ts";
import { tokenFactsEndpoints } from "./endpoints.ts";

/**
 * `GET /v1/token/metadata` over HTTP after the metadata job fetched a token's document from a
 * local server (through an IPFS gateway there): the record and the token snapshot's `metadata`
 * block serve the document's fields; a token without a URI serves nulls, dexPaid null (no
 * provider); every parameter bound and error.
 */

let db: TestDatabase;
let api: ServedApi;
let server: Server;

const get = (path: string, query: Record<string, string>) =>
  fetch(`${api.url}${path}?${new URLSearchParams(query)}`);

beforeAll(async () => {
  server = createServer((_req, res) => {
    res.setHeader("content-type", "application/json");
    res.end(
      JSON.stringify({
        description: "fixture token",
        image: "https://cdn.example/fix.png",
        header: "https://cdn.example/fix-header.png",
        website: "https://fix.example",
        twitter: "fixtoken",
        telegram: "https://t.me/fixtoken",
        discord: "https://discord.gg/fix",
      }),
    );
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const gateway = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  db = await createTestDatabase();
  const fx = buildMarketFixture(40);
  await writeBatch(db.pool, {
    chain: FX_CHAIN,
    blocks: [],
    trades: fx.trades,
    pools: fx.pools,
    tokens: fx.tokens.map((t) =>
      t.address === FX_TOKEN ? { ...t, metadata: { uri: "ipfs://QmFixture" } } : t,
    ),
  });
  await refreshTokenMetadata(db.pool, {
    gateways: { ipfs: [gateway], arweave: [] },
    fetch: { timeoutMs: 2000, maxBytes: 65536, testOnlyAllowLoopback: true },
    refreshMs: 86_400_000,
    retryMs: 3_600_000,
    limit: 10,
    dexPaid: null,
  });
  api = await serveApi({
    pool: db.pool,
    name: "metadata-http",
    providers: [marketProvider, createSecurityProvider({ nodes: new Map() })],
    endpoints: [tokenFactsEndpoints, marketEndpoints],
  });
}, 60_000);

afterAll(async () => {
  await api?.close();
  server?.closeAllConnections();
  await new Promise((r) => server?.close(r));
  await db?.drop();
});

describe("GET /v1/token/metadata", () => {
  it("serves the fetched document's fields, as the token snapshot does", async () => {
    const res = await get("/v1/token/metadata", { chain: FX_CHAIN, address: FX_TOKEN });
    expect(res.status, await res.clone().text()).toBe(200);
    const { data } = (await res.json()) as { data: TokenMetadataRecord };
    expect(data).toMatchObject({
      chain: FX_CHAIN,
      address: FX_TOKEN,
      uri: "ipfs://QmFixture",
      iconUrl: "https://cdn.example/fix.png",
      headerUrl: "https://cdn.example/fix-header.png",
      websiteUrl: "https://fix.example/",
      twitterUrl: "https://x.com/fixtoken",
      telegramUrl: "https://t.me/fixtoken",
      discordUrl: "https://discord.gg/fix",
      description: "fixture token",
      dexPaid: null,
      dexPaidAt: null,
      status: "ok",
    });
    expect(data.fetchedAt).toBeGreaterThan(0);
    const snap = (await (await get("/v1/token", { chain: FX_CHAIN, address: FX_TOKEN })).json()) as {
      data: { metadata: Record<string, unknown> };
    };
    const { chain: _c, address: _a, uri: _u, fetchedAt: _f, status: _s, ...block } = data;
    expect(snap.data.metadata).toEqual(block);
  });

  it("serves nulls for a token without a metadata URI", async () => {
    const { data } = (await (
      await get("/v1/token/metadata", { chain: FX_CHAIN, address: FX_WETH })
    ).json()) as {
      data: TokenMetadataRecord;
    };
    expect(data.uri).toBeNull();
    expect(data.status).toBeNull();
    expect(data.iconUrl).toBeNull();
    expect(data.dexPaid).toBeNull();
  });

  it("answers 404 NOT_FOUND for an unknown token", async () => {
    const res = await get("/v1/token/metadata", { chain: FX_CHAIN, address: `0x${"12".repeat(20)}` });
    expect(res.status).toBe(404);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe("NOT_FOUND");
  });

  it.each([
    [{ address: FX_TOKEN }, "chain"],
    [{ chain: FX_CHAIN }, "address"],
    [{ chain: "evm:x", address: FX_TOKEN }, "chain"],
    [{ chain: FX_CHAIN, address: "0x12" }, "address"],
    [{ chain: "solana", address: FX_TOKEN }, "address"],
    [{ chain: FX_CHAIN, address: FX_TOKEN, refresh: "1" }, "refresh"],
  ])("refuses %j with 400 INVALID_PARAM naming %s", async (query, param) => {
    const res = await get("/v1/token/metadata", query as Record<string, string>);
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { code: string; details: { param: string } } };
    expect(body.error.code).toBe("INVALID_PARAM");
    expect(body.error.details.param).toBe(param);
  });
});
