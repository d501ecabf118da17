import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { ChainId, TokenSecurity } from "@tapeline/core";
import { createTestDatabase, type TestDatabase } from "@tapeline/core/testing";
import { writeBatch } from "@tapeline/ingest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ServedApi, serveApi } from "../../../../../test/api/serveApi.ts";
import {
  buildMarketFixture,
  FX_CHAIN,
  FX_TOKEN,
} from "../../../../query/src/market/testing/buildMarketFixture.ts";
import { createNodeRpc } from "../../../../query/src/portfolio/createNodeRpc.ts";
import { TOKEN_2022_PROGRAM } from "../../../../query/src/security/parseMintAccount.ts";
import { createSecurityProvider } from "../../../../query/src/security/provider.ts";
import { MintWriter, mintBase } from "../../../../query/src/security/testing/mintAccountWriter.ts";
import { tokenFactsEndpoints } from "./endpoints.ts";

/**
 * `GET`/`POST /v1/token/security` over HTTP: Solana facts decoded from a mint account a local
 * JSON-RPC node serves (built here from the Token-2022 layout), an EVM chain whose node is down
 * (figures null, nothing stored), every parameter bound and error, batch slots in input order.
 */

const SOL: ChainId = "solana";
const MINT = "9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM";
const MINT_NO_ACCOUNT = "7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU";
const UNKNOWN_MINT = "HN7cABqLq46Es1jh92dQQisAq662SmxELLLsHHe4YWrH";
const AUTH = "CPMMoo8L3F4NbTegBCKVNunggL7H1ZpdTHKxQB5qKP1C";
const DELEGATE = "5Q544fKrFoe6tsEbD7S8EmxGTJYAKtTVhAW5Q5pge4j1";
const WSOL = "So11111111111111111111111111111111111111112";

const mintData = mintBase(AUTH, 10n ** 15n, 6, null)
  .pad(165)
  .u8(1)
  .tlv(12, new MintWriter().key(DELEGATE))
  .tlv(6, new MintWriter().u8(2))
  .done();

let db: TestDatabase;
let api: ServedApi;
let node: Server;
let nodeCalls = 0;

const get = (query: Record<string, string>) =>
  fetch(`${api.url}/v1/token/security?${new URLSearchParams(query)}`);
const post = (body: unknown) =>
  fetch(`${api.url}/v1/token/security`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });

beforeAll(async () => {
  db = await createTestDatabase();
  const fx = buildMarketFixture(40);
  await writeBatch(db.pool, {
    chain: FX_CHAIN,
    blocks: [],
    trades: fx.trades,
    pools: fx.pools,
    tokens: fx.tokens,
  });
  const solPool = (address: string, token: string) => ({
    chain: SOL,
    address,
    venueType: "PUMPSWAP",
    factory: null,
    token0: token,
    token1: WSOL,
    tokenAddress: token,
    quoteAddress: WSOL,
    createdAt: 1,
  });
  await writeBatch(db.pool, {
    chain: SOL,
    blocks: [],
    trades: [],
    pools: [
      solPool("Fd4Ti6GQcDwQNE3NhvEJzSSUxHaSuP4jYxSQPbWHiNzT", MINT),
      solPool("4k3Dyjzvzp8eMZWUXbBCjEvwSkkk59S5iCNLY3QrkX6R", MINT_NO_ACCOUNT),
    ],
    tokens: [],
  });
  // a Solana node answering getAccountInfo from the mint built above
  node = createServer((req, res) => {
    let body = "";
    req.on("data", (c) => {
      body += c;
    });
    req.on("end", () => {
      nodeCalls++;
      const calls = JSON.parse(body) as { id: number; method: string; params: [string] }[];
      const answers = calls.map((c) => ({
        jsonrpc: "2.0",
        id: c.id,
        result: {
          context: { slot: 1 },
          value:
            c.method === "getAccountInfo" && c.params[0] === MINT
              ? { data: [Buffer.from(mintData).toString("base64"), "base64"], owner: TOKEN_2022_PROGRAM }
              : null,
        },
      }));
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify(answers));
    });
  });
  await new Promise<void>((r) => node.listen(0, "127.0.0.1", r));
  const port = (node.address() as AddressInfo).port;
  api = await serveApi({
    pool: db.pool,
    name: "security-http",
    providers: [
      createSecurityProvider({
        nodes: new Map([
          [SOL, createNodeRpc({ url: `http://127.0.0.1:${port}` })],
          // nothing listens on port 9 (discard): the EVM node is down
          [FX_CHAIN, createNodeRpc({ url: "http://127.0.0.1:9", timeoutMs: 500 })],
        ]),
      }),
    ],
    endpoints: [tokenFactsEndpoints],
  });
}, 60_000);

afterAll(async () => {
  await api?.close();
  await new Promise((r) => node?.close(r));
  await db?.drop();
});

describe("GET /v1/token/security", () => {
  it("serves a Token-2022 mint's authorities and extensions from the node, then from the table", async () => {
    const res = await get({ chain: SOL, address: MINT });
    expect(res.status).toBe(200);
    const { data } = (await res.json()) as { data: TokenSecurity };
    expect(data).toMatchObject({
      chain: SOL,
      address: MINT,
      isMintable: true,
      mintAuthority: AUTH,
      isFreezable: false,
      freezeAuthority: null,
      tokenProgram: "token-2022",
      token2022: {
        transferFee: null,
        permanentDelegate: DELEGATE,
        transferHookProgram: null,
        defaultAccountFrozen: true,
        nonTransferable: false,
        extensionTypes: [12, 6],
      },
      // EVM figures and figures without recorded data are unknown, never invented
      owner: null,
      simulation: null,
      top10HolderPct: null,
      snipersHoldPct: null,
      dexPaid: null,
      // the launch market has no trades: nobody sniped or bundled
      sniperWallets: 0,
      bundlerWallets: 0,
    });
    const stored = await db.pool.query("select facts from token_security where token_key = $1", [
      `solana/${MINT}`,
    ]);
    expect(stored.rows[0]?.facts).toEqual(data);
  });

  it("serves null facts for a mint the node does not have", async () => {
    const { data } = (await (await get({ chain: SOL, address: MINT_NO_ACCOUNT })).json()) as {
      data: TokenSecurity;
    };
    expect(data.isMintable).toBeNull();
    expect(data.tokenProgram).toBeNull();
    expect(data.token2022).toBeNull();
  });

  it("serves unknown chain figures while the node is down and stores nothing", async () => {
    const res = await get({ chain: FX_CHAIN, address: FX_TOKEN.toUpperCase().replace("0X", "0x") });
    expect(res.status).toBe(200);
    const { data } = (await res.json()) as { data: TokenSecurity };
    expect(data.address).toBe(FX_TOKEN);
    for (const k of ["isMintable", "owner", "isProxy", "simulation", "lpBurnedPct", "lpPool"] as const)
      expect(data[k], k).toBeNull();
    const stored = await db.pool.query("select 1 from token_security where chain_id = $1", [FX_CHAIN]);
    expect(stored.rowCount).toBe(0);
  });

  it("answers 404 NOT_FOUND for a token with no market", async () => {
    const res = await get({ chain: SOL, address: UNKNOWN_MINT });
    expect(res.status).toBe(404);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe("NOT_FOUND");
  });

  it.each([
    [{ address: MINT }, "chain"],
    [{ chain: SOL }, "address"],
    [{ chain: "solana:mainnet", address: MINT }, "chain"],
    [{ chain: "evm:0", address: FX_TOKEN }, "chain"],
    [{ chain: SOL, address: "0xabc" }, "address"],
    [{ chain: FX_CHAIN, address: MINT }, "address"],
    [{ chain: SOL, address: MINT, extra: "1" }, "extra"],
  ])("refuses %j with 400 INVALID_PARAM naming %s", async (query, param) => {
    const res = await get(query as Record<string, string>);
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { code: string; details: { param: string } } };
    expect(body.error.code).toBe("INVALID_PARAM");
    expect(body.error.details.param).toBe(param);
  });
});

describe("POST /v1/token/security", () => {
  it("answers one slot per item in input order, failing items alone", async () => {
    const res = await post({
      items: [
        { chain: SOL, address: MINT },
        { chain: SOL, address: UNKNOWN_MINT },
        { chain: "nope", address: MINT },
        { chain: SOL, address: 42 },
        { chain: SOL, address: MINT, extra: true },
        "not an object",
        { chain: FX_CHAIN, address: FX_TOKEN },
      ],
    });
    expect(res.status).toBe(200);
    const { data } = (await res.json()) as {
      data: ({ data: TokenSecurity } | { error: { code: string } })[];
    };
    expect(data).toHaveLength(7);
    expect("data" in data[0]! && data[0].data.mintAuthority).toBe(AUTH);
    expect(data.slice(1, 6).map((s) => ("error" in s ? s.error.code : "data"))).toEqual([
      "NOT_FOUND",
      "INVALID_PARAM",
      "INVALID_PARAM",
      "INVALID_PARAM",
      "INVALID_PARAM",
    ]);
    expect("data" in data[6]! && data[6].data.address).toBe(FX_TOKEN);
  });

  it("keeps facts in memory: a repeated batch reads neither the node nor misses", async () => {
    const before = nodeCalls;
    const res = await post({ items: [{ chain: SOL, address: MINT }] });
    expect(res.status).toBe(200);
    expect(nodeCalls).toBe(before);
  });

  it.each([
    [{}, "items"],
    [{ items: [] }, "items"],
    [{ items: Array.from({ length: 101 }, () => ({ chain: SOL, address: MINT })) }, "items"],
    [{ items: "x" }, "items"],
    [{ items: [{ chain: SOL, address: MINT }], more: 1 }, "more"],
  ])("refuses the body %# with 400 INVALID_PARAM", async (body, param) => {
    const res = await post(body);
    expect(res.status).toBe(400);
    const b = (await res.json()) as { error: { code: string; details: { param: string } } };
    expect(b.error.code).toBe("INVALID_PARAM");
    expect(b.error.details.param).toBe(param);
  });

  it("refuses malformed JSON with 400", async () => {
    const res = await post("{not json");
    expect(res.status).toBe(400);
  });
});
