import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Keypair } from "@solana/web3.js";
import { type WalletProfile, walletBadges, walletKey } from "@tapeline/core";
import { createTestDatabase, type TestDatabase } from "@tapeline/core/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedChains } from "../../../../../test/api/seedChains.ts";
import { type ServedApi, serveApi } from "../../../../../test/api/serveApi.ts";
import { createJsonIdentitySource } from "../../../../query/src/identity/createJsonIdentitySource.ts";
import {
  createSnsResolver,
  favouriteDomainAddress,
  reverseLookupAddress,
  SNS_REVERSE_LOOKUP_CLASS,
  SNS_SOL_ROOT,
} from "../../../../query/src/identity/createSnsResolver.ts";
import { createProfileProvider } from "../../../../query/src/identity/provider.ts";
import { serveSolanaAccounts } from "../../../../query/src/identity/testing/serveSolanaAccounts.ts";
import {
  favouriteDomainData,
  nameRegistryData,
  reverseNameData,
} from "../../../../query/src/identity/testing/snsAccounts.ts";
import { createNodeRpc } from "../../../../query/src/portfolio/createNodeRpc.ts";
import { walletEndpoints } from "./endpoints.ts";

/**
 * `GET`/`POST /v1/wallet/profile` over HTTP: identities from a JSON identity file (linked wallets,
 * identity group, socials), an SNS favourite domain served by a local node from accounts built
 * from the layouts, the `proTrader` badge from `wallet_badges`, the null answer of an unknown
 * wallet, and every parameter bound and error.
 */

const key = () => Keypair.generate().publicKey.toBase58();
const EVM_A = `0x${"a1".repeat(20)}`;
const EVM_B = `0x${"b2".repeat(20)}`;
const EVM_UNKNOWN = `0x${"c3".repeat(20)}`;
const SOL_A = key();
const SOL_NAMED = key();
const SOL_UNKNOWN = key();
const SYSTEM = "11111111111111111111111111111111";

let db: TestDatabase;
let api: ServedApi;
let node: Awaited<ReturnType<typeof serveSolanaAccounts>>;
let proTrader: boolean;

const get = (query: Record<string, string>) =>
  fetch(`${api.url}/v1/wallet/profile?${new URLSearchParams(query)}`);
const post = (body: unknown) =>
  fetch(`${api.url}/v1/wallet/profile`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
type Answer = { data: { profile: WalletProfile | null; linkedWallets: string[] } };
type Slots = { data: ({ data: WalletProfile | null } | { error: { code: string; message: string } })[] };

beforeAll(async () => {
  db = await createTestDatabase();
  await seedChains(db.pool);
  // the badge as the jobs judge it, from 30 days of trades on 6 tokens, each a winning round trip
  const day = Array.from({ length: 6 }, () => ({ buys: 3, sells: 3, boughtNative: 1, soldNative: 1.5 }));
  const badge = walletBadges({ days30: day, days90: day });
  proTrader = badge.proTrader;
  await db.pool.query(
    `insert into wallet_badges (wallet_key, chain_id, wallet, pro_trader, smart_trader, trades_30d, tokens_30d,
       realized_native_30d, realized_native_90d, decided_tokens_90d, won_tokens_90d, computed_at)
     values ($1, 'evm:8453', $2, $3, $4, $5, $6, $7, $8, $9, $10, 1)`,
    [
      walletKey("evm:8453", EVM_A),
      EVM_A,
      badge.proTrader,
      badge.smartTrader,
      badge.trades30d,
      badge.tokens30d,
      badge.realizedNative30d,
      badge.realizedNative90d,
      badge.decidedTokens90d,
      badge.wonTokens90d,
    ],
  );
  const dir = mkdtempSync(join(tmpdir(), "profile-http-"));
  const file = join(dir, "identities.json");
  writeFileSync(
    file,
    JSON.stringify({
      records: [
        {
          network: "twitter",
          handle: "alice",
          displayName: "Alice",
          avatarUrl: "https://example.org/alice.png",
          url: "https://x.com/alice",
          followerCount: 1200,
          // mixed case in the file: EVM wallets are matched lowercase
          wallets: [EVM_A.toUpperCase().replace("0X", "0x"), SOL_A],
        },
        { network: "twitter", handle: "alice", bio: "trades", wallets: [EVM_B] },
        { network: "farcaster", handle: "alice", followerCount: 30, wallets: [EVM_A] },
      ],
    }),
  );
  // SOL_NAMED's favourite domain, as the SNS programs lay it out
  const nameAccount = key();
  node = await serveSolanaAccounts(
    new Map([
      [favouriteDomainAddress(SOL_NAMED), favouriteDomainData(nameAccount)],
      [nameAccount, nameRegistryData(SNS_SOL_ROOT, SOL_NAMED, SYSTEM)],
      [
        reverseLookupAddress(nameAccount),
        nameRegistryData(SYSTEM, SYSTEM, SNS_REVERSE_LOOKUP_CLASS.toBase58(), reverseNameData("named")),
      ],
    ]),
  );
  api = await serveApi({
    pool: db.pool,
    name: "profile-http",
    providers: [
      createProfileProvider({
        resolvers: [createSnsResolver(createNodeRpc({ url: node.url }))],
        sources: [createJsonIdentitySource(file)],
      }),
    ],
    endpoints: [walletEndpoints],
  });
}, 60_000);

afterAll(async () => {
  await api?.close();
  await node?.close();
  await db?.drop();
});

describe("GET /v1/wallet/profile", () => {
  it("serves a JSON-file identity with its linked wallets, group, socials and badge", async () => {
    expect(proTrader).toBe(true);
    const res = await get({ address: EVM_A.toUpperCase().replace("0X", "0x") });
    expect(res.status).toBe(200);
    const { data } = (await res.json()) as Answer;
    expect(data.profile).toEqual({
      address: EVM_A,
      displayName: "Alice",
      avatarUrl: "https://example.org/alice.png",
      ensName: null,
      basename: null,
      solName: null,
      bio: "trades",
      socials: { twitter: "alice", farcaster: "alice", url: "https://x.com/alice" },
      followerCounts: { twitter: 1200, farcaster: 30 },
      sources: ["identity-file"],
      identityGroup: "twitter:alice",
      isProTrader: proTrader,
    });
    // every other wallet of twitter:alice (both of its records) and farcaster:alice
    expect(new Set(data.linkedWallets)).toEqual(new Set([SOL_A, EVM_B]));
  });

  it("links a Solana wallet of the same identity back, without the EVM badge", async () => {
    const { data } = (await (await get({ address: SOL_A })).json()) as Answer;
    expect(data.profile?.identityGroup).toBe("twitter:alice");
    expect(data.profile?.isProTrader).toBe(false);
    expect(new Set(data.linkedWallets)).toEqual(new Set([EVM_A, EVM_B]));
  });

  it("serves an SNS favourite domain as solName and the group of the name", async () => {
    const { data } = (await (await get({ address: SOL_NAMED })).json()) as Answer;
    expect(data.profile).toMatchObject({
      solName: "named.sol",
      displayName: "named.sol",
      sources: ["sns"],
      identityGroup: "sns:named.sol",
      socials: {},
      isProTrader: false,
    });
    expect(data.linkedWallets).toEqual([]);
  });

  it("caches resolved names: a second read does not ask the node again", async () => {
    const before = node.calls();
    await get({ address: SOL_NAMED });
    expect(node.calls()).toBe(before);
  });

  it("answers a null profile with no linked wallets for a wallet without known identity", async () => {
    for (const address of [EVM_UNKNOWN, SOL_UNKNOWN]) {
      const res = await get({ address });
      expect(res.status).toBe(200);
      expect(((await res.json()) as Answer).data).toEqual({ profile: null, linkedWallets: [] });
    }
  });

  it.each([
    [{}, "address"],
    [{ address: "" }, "address"],
    [{ address: "0x1234" }, "address"],
    [{ address: `0x${"g1".repeat(20)}` }, "address"],
    [{ address: "not-base58-0OIl" }, "address"],
    [{ address: "3".repeat(20) }, "address"],
    [{ address: EVM_A, chain: "evm:1" }, "chain"],
  ])("refuses %j with 400 INVALID_PARAM naming %s", async (query, param) => {
    const res = await get(query as Record<string, string>);
    expect(res.status).toBe(400);
    const { error } = (await res.json()) as { error: { code: string; details?: { param?: string } } };
    expect(error.code).toBe("INVALID_PARAM");
    expect(JSON.stringify(error.details)).toContain(param);
  });
});

describe("POST /v1/wallet/profile", () => {
  it("answers one slot per item in input order, EVM and Solana mixed, null for unknown wallets", async () => {
    const res = await post({ items: [{ address: SOL_NAMED }, { address: EVM_UNKNOWN }, { address: EVM_B }] });
    expect(res.status).toBe(200);
    const { data } = (await res.json()) as Slots;
    expect(data).toHaveLength(3);
    expect(data[0]).toMatchObject({ data: { address: SOL_NAMED, solName: "named.sol" } });
    expect(data[1]).toEqual({ data: null });
    expect(data[2]).toMatchObject({
      data: { address: EVM_B, identityGroup: "twitter:alice", isProTrader: false },
    });
  });

  it("fails a malformed item alone in its slot", async () => {
    const res = await post({
      items: [
        { address: 42 },
        { address: EVM_A, bogus: 1 },
        { address: "0x12" },
        "not an object",
        {},
        { address: EVM_A },
      ],
    });
    expect(res.status).toBe(200);
    const { data } = (await res.json()) as Slots;
    expect(data).toHaveLength(6);
    data.slice(0, 5).forEach((slot, i) => {
      expect(slot, `slot ${i}`).toHaveProperty("error.code", "INVALID_PARAM");
      expect((slot as { error: { message: string } }).error.message).toContain(`items.${i}`);
    });
    expect(data[5]).toMatchObject({ data: { address: EVM_A, identityGroup: "twitter:alice" } });
  });

  it.each([
    ["no items", {}],
    ["empty items", { items: [] }],
    ["101 items", { items: Array.from({ length: 101 }, () => ({ address: EVM_A })) }],
    ["items not an array", { items: { address: EVM_A } }],
    ["an unknown key", { items: [{ address: EVM_A }], chain: "evm:1" }],
    ["a body that is not an object", [{ address: EVM_A }]],
  ])("refuses %s with 400", async (_, body) => {
    const res = await post(body);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { code: string } }).error.code).toMatch(/^INVALID_/);
  });

  it("refuses malformed JSON with 400", async () => {
    const res = await post("{ items: ");
    expect(res.status).toBe(400);
  });

  it("serves 100 items", async () => {
    const res = await post({
      items: Array.from({ length: 100 }, (_, i) => ({ address: i % 2 ? EVM_A : SOL_A })),
    });
    expect(res.status).toBe(200);
    const { data } = (await res.json()) as Slots;
    expect(data).toHaveLength(100);
    expect(data.every((s) => "data" in s && s.data?.identityGroup === "twitter:alice")).toBe(true);
  });
});
