import { readFileSync } from "node:fs";
import { join } from "node:path";
import { createTestDatabase, type TestDatabase } from "@tapeline/core/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseMetaplexMetadataAccount } from "../../services/ingest/src/solana/parseMetaplexMetadataAccount.ts";
import { parseSplMintAccount } from "../../services/ingest/src/solana/parseSplMintAccount.ts";
import { readSolanaTokenAccounts } from "../../services/ingest/src/solana/readSolanaTokenAccounts.ts";
import {
  createSolanaReplayServer,
  type SolanaReplayServer,
} from "../../services/ingest/src/solana/replay/createSolanaReplayServer.ts";
import { replayBlocksFromRecording } from "../../services/ingest/src/solana/replay/replayBlocksFromRecording.ts";
import { accountInfoFromRpc } from "../../services/ingest/src/solana/source/accountInfoFromRpc.ts";
import { createSolanaRpcSource } from "../../services/ingest/src/solana/source/createSolanaRpcSource.ts";
import { createSolanaTokenNameFiller } from "../../services/ingest/src/solana/worker/createSolanaTokenNameFiller.ts";
import { FIXTURES_ROOT, fixtureRecording } from "./fixtureData.ts";

// The only recorded accounts in the fixtures: a pump.fun bonding curve, a Meteora DLMM pair, an Orca
// whirlpool, a Raydium CLMM pool. No mint or metadata account was recorded anywhere in them.
const ACCOUNT_FILES = [
  "pumpfun-decoder/bonding_curve_account.json",
  "meteora-dlmm-decoder/lb_pair_account.json",
  "orca-whirlpool-decoder/whirlpool_account.json",
  "raydium-clmm-decoder/pool_state_account.json",
];
type RecordedAccount = { data: string; owner: string; space: number };
const recorded = ACCOUNT_FILES.map(
  (f) => JSON.parse(readFileSync(join(FIXTURES_ROOT, "solana/ix/carbon", f), "utf8")) as RecordedAccount,
);

describe("account layouts on the recorded accounts", () => {
  it("reads getAccountInfo's base64 answer into the account's owner and bytes", () => {
    for (const a of recorded) {
      const info = accountInfoFromRpc({ context: { slot: 1 }, value: { ...a, data: [a.data, "base64"] } });
      expect(info?.owner).toBe(a.owner);
      expect(info?.data.length).toBe(a.space);
    }
    expect(accountInfoFromRpc({ context: { slot: 1 }, value: null })).toBeNull();
  });

  it("takes no venue account for a mint or a metadata account", () => {
    for (const a of recorded) {
      const data = new Uint8Array(Buffer.from(a.data, "base64"));
      expect(parseSplMintAccount(a.owner, data)).toBeNull();
      expect(parseMetaplexMetadataAccount(a.owner, data)).toBeNull();
    }
  });
});

describe("token names from accounts over the replay node", () => {
  let db: TestDatabase;
  let server: SolanaReplayServer;
  beforeAll(async () => {
    db = await createTestDatabase();
    server = await createSolanaReplayServer({ blocks: replayBlocksFromRecording(fixtureRecording()) });
  });
  afterAll(async () => {
    await server?.close();
    await db?.drop();
  });

  const unnamed = (address: string) => ({
    chain: "solana" as const,
    address,
    name: null,
    symbol: null,
    decimals: null,
    totalSupply: null,
  });

  it("asks for each unnamed mint once; the replay node knows no account, so nothing is filled", async () => {
    const source = createSolanaRpcSource({ endpoints: [server.url], attempts: 1 });
    const filler = createSolanaTokenNameFiller({
      reader: { getAccountInfo: source.getAccountInfo! },
      db: db.pool,
    });
    const mint = "5dNYcCZXEGfGgbdUdq7MMR7KLsNJLLLgL83wLH8Fpump";
    const before = server.requests.get("getAccountInfo") ?? 0;
    expect(await readSolanaTokenAccounts({ getAccountInfo: source.getAccountInfo! }, mint)).toBeNull();
    expect(await filler.fill([unnamed(mint), unnamed(mint)])).toEqual([]);
    // one read for the direct call, one for the filler; the mint account's absence ends each read
    expect((server.requests.get("getAccountInfo") ?? 0) - before).toBe(2);
    expect(await filler.fill([unnamed(mint)])).toEqual([]);
    expect((server.requests.get("getAccountInfo") ?? 0) - before).toBe(2);
    // a token the batch names, or the database already names, is not read
    await db.pool.query(
      "insert into tokens (chain_id, address, name, symbol, updated_at) values ('solana', $1, 'Stored', 'STO', 0)",
      ["So11111111111111111111111111111111111111112"],
    );
    await filler.fill([
      {
        ...unnamed("D7jZzYfXPEM572G9fBBWUqfwmHYLyeUYhAerv6hYpump"),
        name: "The Chosen Coin",
        symbol: "CHOSEN",
      },
      unnamed("So11111111111111111111111111111111111111112"),
    ]);
    expect((server.requests.get("getAccountInfo") ?? 0) - before).toBe(2);
    await source.close();
  });
});
