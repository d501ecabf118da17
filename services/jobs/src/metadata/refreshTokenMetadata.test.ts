import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createContext, createMemoryQueue } from "@tapeline/core";
import { createTestDatabase, type TestDatabase } from "@tapeline/core/testing";
import { writeBatch } from "@tapeline/ingest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fetchMetadataDocument, type MetadataFetchOptions } from "./fetchMetadataDocument.ts";
import { MetadataJobs, metadataProcessors } from "./processors.ts";
import { type MetadataRefreshOptions, refreshTokenMetadata } from "./refreshTokenMetadata.ts";

/**
 * The metadata fetch against a local HTTP server: a good document, an oversized body (declared
 * and streamed), a wrong content type, redirects to private addresses, a timeout, a redirect
 * loop, malformed JSON and an error status, each ending the fetch with its reason; then the job
 * over tokens whose URIs point at each, through an IPFS gateway on that server: the good
 * token's fields stored, the others' failures recorded, no run failing, and refreshes.
 */

const DOC = {
  name: "Cat",
  symbol: "CAT",
  description: "the cat token",
  image: "ipfs://QmImage",
  twitter: "https://x.com/cat",
  telegram: "https://t.me/cat",
  website: "https://cat.example",
  extensions: { discord: "https://discord.gg/cat" },
};

let server: Server;
let base: string;
let hits: string[] = [];

const LOCAL: MetadataFetchOptions = { timeoutMs: 400, maxBytes: 4096, testOnlyAllowLoopback: true };

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = (req.url ?? "").replace(/^\/ipfs\//, "/");
    hits.push(path);
    const json = (body: string, type = "application/json") => {
      res.setHeader("content-type", type);
      res.end(body);
    };
    if (path === "/good.json") return json(JSON.stringify(DOC));
    if (path === "/text.json") return json(JSON.stringify(DOC), "text/plain; charset=utf-8");
    if (path === "/big.json") {
      res.setHeader("content-type", "application/json");
      // streamed without a length: cut while reading
      for (let i = 0; i < 10; i++) res.write(`${" ".repeat(1000)}`);
      return res.end("{}");
    }
    if (path === "/big-declared.json") {
      res.setHeader("content-type", "application/json");
      res.setHeader("content-length", "100000");
      return res.end(" ".repeat(100000));
    }
    if (path === "/page.html") return json("<html></html>", "text/html");
    if (path === "/to-private.json") {
      res.statusCode = 302;
      res.setHeader("location", "http://10.255.255.1/meta.json");
      return res.end();
    }
    if (path === "/to-link-local.json") {
      res.statusCode = 301;
      res.setHeader("location", "http://169.254.169.254/latest/meta-data");
      return res.end();
    }
    if (path === "/to-good.json") {
      res.statusCode = 307;
      res.setHeader("location", "/good.json");
      return res.end();
    }
    if (path === "/loop.json") {
      res.statusCode = 302;
      res.setHeader("location", "/loop.json");
      return res.end();
    }
    if (path === "/slow.json") return; // never answers
    if (path === "/bad.json") return json("{not json");
    res.statusCode = 500;
    res.end();
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

describe("fetchMetadataDocument", () => {
  it("takes a JSON document, served as JSON or as text, and follows a redirect", async () => {
    expect(await fetchMetadataDocument(`${base}/good.json`, LOCAL)).toEqual(DOC);
    expect(await fetchMetadataDocument(`${base}/text.json`, LOCAL)).toEqual(DOC);
    expect(await fetchMetadataDocument(`${base}/to-good.json`, LOCAL)).toEqual(DOC);
  });

  it.each([
    ["/big.json", "TOO_LARGE"],
    ["/big-declared.json", "TOO_LARGE"],
    ["/page.html", "BAD_CONTENT_TYPE"],
    ["/to-private.json", "PRIVATE_ADDRESS"],
    ["/to-link-local.json", "PRIVATE_ADDRESS"],
    ["/slow.json", "TIMEOUT"],
    ["/loop.json", "TOO_MANY_REDIRECTS"],
    ["/bad.json", "BAD_JSON"],
    ["/missing.json", "HTTP_STATUS"],
  ])("ends %s with %s", async (path, failure) => {
    await expect(fetchMetadataDocument(`${base}${path}`, LOCAL)).rejects.toMatchObject({ failure });
  });

  it("without the test-only option, refuses http, loopback IPs and names resolving to loopback before connecting", async () => {
    hits = [];
    const opts = { timeoutMs: 400, maxBytes: 4096 };
    await expect(fetchMetadataDocument(`${base}/good.json`, opts)).rejects.toMatchObject({
      failure: "BAD_URL",
    });
    const port = (server.address() as AddressInfo).port;
    await expect(fetchMetadataDocument(`https://127.0.0.1:${port}/good.json`, opts)).rejects.toMatchObject({
      failure: "PRIVATE_ADDRESS",
    });
    await expect(fetchMetadataDocument(`https://[::1]:${port}/good.json`, opts)).rejects.toMatchObject({
      failure: "PRIVATE_ADDRESS",
    });
    await expect(fetchMetadataDocument(`https://localhost:${port}/good.json`, opts)).rejects.toMatchObject({
      failure: "PRIVATE_ADDRESS",
    });
    expect(hits).toEqual([]);
  });
});

describe("the token metadata job", () => {
  let db: TestDatabase;
  let clock = 1_700_000_000_000;
  const MINTS = ["good", "text", "big", "page", "to-private", "slow", "bad", "nowhere"].map((name, i) => ({
    name,
    address: `${"So1ana".padEnd(40, String.fromCharCode(65 + i))}${i}`,
  }));
  const opts = (): MetadataRefreshOptions => ({
    gateways: { ipfs: [base], arweave: [] },
    fetch: LOCAL,
    refreshMs: 86_400_000,
    retryMs: 3_600_000,
    limit: 100,
    dexPaid: null,
    now: () => clock,
  });
  const metadataOf = async (address: string) =>
    (await db.pool.query("select metadata from tokens where chain_id = 'solana' and address = $1", [address]))
      .rows[0]?.metadata as Record<string, unknown>;

  beforeAll(async () => {
    db = await createTestDatabase();
    await writeBatch(db.pool, {
      chain: "solana",
      blocks: [],
      trades: [],
      pools: [],
      tokens: [
        ...MINTS.map((m) => ({
          chain: "solana" as const,
          address: m.address,
          name: m.name,
          symbol: m.name,
          decimals: 6,
          totalSupply: null,
          metadata: {
            uri:
              m.name === "nowhere" ? "http://plain.example/m.json" : `ipfs://Qm${m.name.replace("-", "")}/x`,
          },
        })),
        // a token without a metadata URI (as most EVM tokens are) is never fetched
        {
          chain: "solana",
          address: "NoUri111111111111111111111111111111111111",
          name: "n",
          symbol: "n",
          decimals: 6,
          totalSupply: null,
        },
      ],
    });
  });

  afterAll(async () => {
    await db?.drop();
  });

  it("stores the good document's fields and each failure, without failing the run", async () => {
    // the server routes by the path after the CID: point each CID at its route
    const original = server.listeners("request")[0] as (req: { url?: string }, res: unknown) => void;
    server.removeAllListeners("request");
    server.on("request", (req, res) => {
      const m = /^\/ipfs\/Qm([a-z]+)\/x$/.exec(req.url ?? "");
      const route: Record<string, string> = {
        good: "/good.json",
        text: "/text.json",
        big: "/big.json",
        page: "/page.html",
        toprivate: "/to-private.json",
        slow: "/slow.json",
        bad: "/bad.json",
      };
      if (m?.[1] && route[m[1]]) req.url = route[m[1]];
      original(req, res);
    });
    const result = await refreshTokenMetadata(db.pool, opts());
    expect(result).toEqual({
      checked: 8,
      fetched: 2,
      failed: { TOO_LARGE: 1, BAD_CONTENT_TYPE: 1, PRIVATE_ADDRESS: 1, TIMEOUT: 1, BAD_JSON: 1, BAD_URL: 1 },
    });
    const good = await metadataOf(MINTS[0]!.address);
    expect(good).toMatchObject({
      uri: "ipfs://Qmgood/x",
      iconUrl: `${base}/ipfs/QmImage`,
      websiteUrl: "https://cat.example/",
      twitterUrl: "https://x.com/cat",
      telegramUrl: "https://t.me/cat",
      discordUrl: "https://discord.gg/cat",
      description: "the cat token",
      metadataStatus: "ok",
      metadataUri: "ipfs://Qmgood/x",
      metadataFetchedAt: clock,
    });
    expect(good.dexPaid).toBeUndefined();
    const statuses = await Promise.all(MINTS.map(async (m) => (await metadataOf(m.address)).metadataStatus));
    expect(statuses).toEqual([
      "ok",
      "ok",
      "TOO_LARGE",
      "BAD_CONTENT_TYPE",
      "PRIVATE_ADDRESS",
      "TIMEOUT",
      "BAD_JSON",
      "BAD_URL",
    ]);
    expect((await metadataOf("NoUri111111111111111111111111111111111111")).metadataStatus).toBeUndefined();
  });

  it("keeps fetched documents until they are due, retries failures sooner, and follows a changed URI", async () => {
    expect((await refreshTokenMetadata(db.pool, opts())).checked).toBe(0);
    clock += 3_600_001;
    // the six failures are due again; the good documents are not
    expect((await refreshTokenMetadata(db.pool, opts())).checked).toBe(6);
    await db.pool.query(
      `update tokens set metadata = metadata || '{"uri": "ipfs://Qmtext/x"}'::jsonb where address = $1`,
      [MINTS[0]!.address],
    );
    const changed = await refreshTokenMetadata(db.pool, opts());
    expect(changed).toMatchObject({ checked: 1, fetched: 1 });
    expect((await metadataOf(MINTS[0]!.address)).metadataUri).toBe("ipfs://Qmtext/x");
    clock += 86_400_001;
    expect((await refreshTokenMetadata(db.pool, opts())).checked).toBe(8);
  });

  it("merges a dex-paid provider's answer, and runs through the job processor", async () => {
    clock += 86_400_001;
    const seen: string[] = [];
    const result = await metadataProcessors[MetadataJobs.refresh]!(
      { id: "1", name: MetadataJobs.refresh, data: {}, attempts: 1 } as never,
      {
        ctx: createContext({ name: "metadata-test", level: "silent" }),
        queue: createMemoryQueue(),
        pool: db.pool,
        metadata: {
          ...opts(),
          dexPaid: {
            async lookup(_chain, token) {
              seen.push(token);
              if (token === MINTS[1]!.address) return { dexPaid: true, dexPaidAt: 1_699_000_000_000 };
              if (token === MINTS[2]!.address) throw new Error("provider down");
              return null;
            },
          },
        },
      },
    );
    expect(result).toMatchObject({ checked: 8 });
    expect(seen).toHaveLength(8);
    expect(await metadataOf(MINTS[1]!.address)).toMatchObject({
      dexPaid: true,
      dexPaidAt: 1_699_000_000_000,
    });
    expect((await metadataOf(MINTS[2]!.address)).dexPaid).toBeUndefined();
  });

  it("fails the job at once without its configuration", async () => {
    await expect(
      metadataProcessors[MetadataJobs.refresh]!({ id: "2", name: MetadataJobs.refresh, data: {} } as never, {
        ctx: createContext({ name: "metadata-test", level: "silent" }),
        queue: createMemoryQueue(),
        pool: db.pool,
      }),
    ).rejects.toMatchObject({ retryable: false });
  });
});
