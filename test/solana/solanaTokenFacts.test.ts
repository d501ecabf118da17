import { createHash } from "node:crypto";
import bs58 from "bs58";
import { describe, expect, it } from "vitest";
import { decodeSolanaTransaction } from "../../services/ingest/src/solana/decodeSolanaTransaction.ts";
import { extractSolanaTokenFacts } from "../../services/ingest/src/solana/extractSolanaTokenFacts.ts";
import { metaplexMetadataAddress } from "../../services/ingest/src/solana/metaplexMetadataAddress.ts";
import { normalizeSolanaTransaction } from "../../services/ingest/src/solana/normalizeSolanaTransaction.ts";
import { fixtureRecording, rawView } from "./fixtureData.ts";

type Json = Record<string, unknown>;
type RawIx = { programIdIndex?: number; programId?: string; accounts?: (number | string)[]; data?: string };
type Ix = { programId: string; accounts: string[]; data: Uint8Array };

const METAPLEX = "metaqbxxUerdq28cj1RbAWkYQm3ybzjb6a8bt518x1s";
const TOKEN = "TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA";
const TOKEN_2022 = "TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb";
// spl_token_metadata_interface Initialize: the first 8 bytes of sha256 of its namespaced name
const METADATA_INITIALIZE = createHash("sha256")
  .update("spl_token_metadata_interface:initialize_account")
  .digest()
  .subarray(0, 8);

/** Top-level and inner instructions with data, in execution order, read straight from the recorded JSON. */
function rawInstructions(raw: Json): Ix[] {
  const keys = rawView(raw).keys;
  const message = (raw.transaction as Json).message as Json;
  const inner = ((raw.meta as Json).innerInstructions as { index: number; instructions: RawIx[] }[]) ?? [];
  const resolve = (ix: RawIx): Ix | null =>
    typeof ix.data === "string"
      ? {
          programId: ix.programId ?? keys[ix.programIdIndex!]!,
          accounts: (ix.accounts ?? []).map((a) => (typeof a === "number" ? keys[a]! : a)),
          data: bs58.decode(ix.data),
        }
      : null;
  const out: Ix[] = [];
  (message.instructions as RawIx[]).forEach((ix, i) => {
    const top = resolve(ix);
    if (top) out.push(top);
    for (const group of inner.filter((g) => g.index === i))
      for (const c of group.instructions) {
        const r = resolve(c);
        if (r) out.push(r);
      }
  });
  return out;
}

/** Borsh strings (u32 length + UTF-8) from `at`, as many as asked. */
function borshStrings(d: Uint8Array, at: number, n: number): string[] {
  const b = Buffer.from(d);
  const out: string[] = [];
  for (let k = 0; k < n; k++) {
    const len = b.readUInt32LE(at);
    out.push(
      b
        .subarray(at + 4, at + 4 + len)
        .toString("utf8")
        .replace(/\0+$/, ""),
    );
    at += 4 + len;
  }
  return out;
}

type Expected = {
  mint: string;
  name?: string;
  symbol?: string;
  uri?: string;
  created: boolean;
  decimals?: number;
  mintAuthority?: string | null;
  metadataAccount?: string;
};

/** What the raw instructions say per mint: Metaplex create args, Token-2022 metadata, InitializeMint, SetAuthority. */
function expectedFacts(raw: Json): Map<string, Expected> {
  const out = new Map<string, Expected>();
  const of = (mint: string): Expected => {
    const e = out.get(mint) ?? { mint, created: false };
    out.set(mint, e);
    return e;
  };
  for (const ix of rawInstructions(raw)) {
    const d = ix.data;
    if (ix.programId === METAPLEX && [0, 16, 33].includes(d[0]!)) {
      const e = of(ix.accounts[1]!);
      [e.name, e.symbol, e.uri] = borshStrings(d, 1, 3);
      e.metadataAccount = ix.accounts[0]!;
    } else if (ix.programId === METAPLEX && d[0] === 42 && d[1] === 0) {
      const e = of(ix.accounts[2]!);
      [e.name, e.symbol, e.uri] = borshStrings(d, 2, 3);
      e.metadataAccount = ix.accounts[0]!;
    } else if (ix.programId === TOKEN_2022 && Buffer.from(d.subarray(0, 8)).equals(METADATA_INITIALIZE)) {
      const e = of(ix.accounts[2]!);
      [e.name, e.symbol, e.uri] = borshStrings(d, 8, 3);
    } else if (ix.programId === TOKEN || ix.programId === TOKEN_2022) {
      if (d[0] === 0 || d[0] === 20) {
        const e = of(ix.accounts[0]!);
        e.created = true;
        e.decimals = d[1]!;
        e.mintAuthority = bs58.encode(d.subarray(2, 34));
      } else if (d[0] === 6 && d[1] === 0 && out.has(ix.accounts[0]!)) {
        of(ix.accounts[0]!).mintAuthority = d[2] === 1 ? bs58.encode(d.subarray(3, 35)) : null;
      }
    }
  }
  return out;
}

const recording = fixtureRecording();
const all: { file: string; raw: Json; ctx: { slot?: number | null; blockTime?: number | null } }[] = [
  ...recording.transactions.map((t) => ({ file: t.file, raw: t.raw as Json, ctx: {} })),
  ...recording.blocks.flatMap((b) =>
    (((b.raw as Json).transactions as Json[]) ?? []).map((raw) => ({
      file: b.file,
      raw,
      ctx: { slot: b.slot, blockTime: ((b.raw as Json).blockTime as number | null) ?? null },
    })),
  ),
];

describe("token facts stated by the fixture transactions", () => {
  it("every fixture transaction goes through the extractor and the decoder without an exception", () => {
    let stated = 0;
    for (const t of all) {
      const tx = normalizeSolanaTransaction(t.raw, t.ctx);
      const facts = extractSolanaTokenFacts(tx);
      const failed = rawView(t.raw).failed;
      if (failed) expect(facts, t.file).toEqual([]);
      else {
        // every mint of the token balances has its decimals, as the balances state them
        const meta = t.raw.meta as Json;
        const balances = [
          ...((meta.preTokenBalances as Json[]) ?? []),
          ...((meta.postTokenBalances as Json[]) ?? []),
        ] as { mint: string; uiTokenAmount: { decimals: number } }[];
        for (const b of balances)
          expect(facts.find((f) => f.address === b.mint)?.decimals, t.file).toBe(b.uiTokenAmount.decimals);
        stated += balances.length;
      }
      expect(decodeSolanaTransaction(t.raw, { ...t.ctx, fallbackAtMs: 0 }).undecodable, t.file).toBeNull();
    }
    expect(stated).toBeGreaterThan(0);
  });

  const creating = all.filter((t) => !rawView(t.raw).failed && expectedFacts(t.raw).size > 0);

  it("finds the fixtures that create a mint or carry metadata instructions", () => {
    // pumpfun_create_0 initializes its mint and creates its Metaplex metadata (CreateMetadataAccountV3)
    expect(creating.map((t) => t.file.split("/").at(-1))).toContain("pumpfun_create_0.json");
  });

  for (const t of creating) {
    it(`states name, symbol, uri, decimals, supply and mint authority as ${t.file.split("/").at(-1)} does`, () => {
      const tx = normalizeSolanaTransaction(t.raw, t.ctx);
      const facts = new Map(extractSolanaTokenFacts(tx).map((f) => [f.address, f]));
      const decoded = decodeSolanaTransaction(t.raw, { ...t.ctx, fallbackAtMs: 0 });
      const meta = t.raw.meta as Json;
      const post =
        (meta.postTokenBalances as { mint: string; uiTokenAmount: { amount: string; decimals: number } }[]) ??
        [];
      for (const e of expectedFacts(t.raw).values()) {
        const f = facts.get(e.mint);
        expect(f, e.mint).toBeDefined();
        expect(f!.name).toBe(e.name ?? null);
        expect(f!.symbol).toBe(e.symbol ?? null);
        expect(f!.metadata?.uri).toBe(e.uri);
        const held = post.filter((b) => b.mint === e.mint);
        expect(f!.decimals).toBe(held[0]?.uiTokenAmount.decimals ?? e.decimals ?? null);
        if (e.decimals !== undefined && held[0]) expect(held[0].uiTokenAmount.decimals).toBe(e.decimals);
        // a mint created here has no holder outside this transaction: its supply is what its token accounts hold after it
        expect(f!.totalSupply).toBe(
          e.created ? held.reduce((s, b) => s + BigInt(b.uiTokenAmount.amount), 0n) : null,
        );
        if (e.mintAuthority !== undefined) expect(f!.metadata?.mintAuthority).toBe(e.mintAuthority);
        // a mint initialized here was created here: by the fee payer, at this slot, time and signature
        const message = (t.raw.transaction as Json).message as Json;
        const payer = ((message.accountKeys as (string | { pubkey: string })[])[0] ?? null) as
          | string
          | { pubkey: string }
          | null;
        expect([f!.deployer, f!.createdBlock, f!.createdTx, f!.createdAt]).toEqual(
          e.created
            ? [
                typeof payer === "string" ? payer : (payer?.pubkey ?? null),
                t.ctx.slot === undefined || t.ctx.slot === null ? tx.slot : BigInt(t.ctx.slot),
                ((t.raw.transaction as Json).signatures as string[])[0],
                t.ctx.blockTime == null
                  ? tx.blockTime === null
                    ? null
                    : tx.blockTime * 1000
                  : t.ctx.blockTime * 1000,
              ]
            : [undefined, undefined, undefined, undefined],
        );
        // Metaplex derives the metadata account from the mint
        if (e.metadataAccount) expect(metaplexMetadataAddress(e.mint)).toBe(e.metadataAccount);
        // the decoder's token rows (what the worker writes) carry the same facts
        const rows = decoded.tokens.filter((r) => r.address === e.mint);
        expect(rows.length, e.mint).toBeGreaterThan(0);
        for (const r of rows) {
          expect([r.name, r.symbol, r.metadata?.uri]).toEqual([f!.name, f!.symbol, f!.metadata?.uri]);
          expect(r.totalSupply).toBe(f!.totalSupply);
        }
      }
    });
  }

  it("pump.fun's CreateEvent and the Metaplex instruction agree; the decoder's token rows carry both", () => {
    const t = creating.find((c) => c.file.endsWith("pumpfun_create_0.json"))!;
    const [e] = [...expectedFacts(t.raw).values()].filter((x) => x.name !== undefined);
    const rows = decodeSolanaTransaction(t.raw).tokens.filter((r) => r.address === e!.mint);
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      expect([r.name, r.symbol, r.metadata?.uri]).toEqual([e!.name, e!.symbol, e!.uri]);
      expect(r.metadata?.mintAuthority).toBe(e!.mintAuthority);
    }
  });

  it("leaves the supply of mints that existed before the transaction unknown", () => {
    let minted = 0;
    for (const t of all) {
      if (rawView(t.raw).failed) continue;
      const created = new Set([...expectedFacts(t.raw).values()].filter((e) => e.created).map((e) => e.mint));
      const facts = extractSolanaTokenFacts(normalizeSolanaTransaction(t.raw, t.ctx));
      for (const ix of rawInstructions(t.raw)) {
        if ((ix.programId !== TOKEN && ix.programId !== TOKEN_2022) || ix.data[0] !== 7) continue;
        const mint = ix.accounts[0]!;
        if (created.has(mint)) continue;
        minted++;
        expect(facts.find((f) => f.address === mint)?.totalSupply ?? null, t.file).toBeNull();
      }
    }
    // LP mints of AMM deposits (Aldrin, Meteora, Orca, Saros, Stabble, Kamino) in the fixtures
    expect(minted).toBeGreaterThan(0);
  });
});
