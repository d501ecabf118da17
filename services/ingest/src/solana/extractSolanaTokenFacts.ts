import type { TokenRecord } from "@tapeline/core";
import { BorshReader } from "./BorshReader.ts";
import { bytesToBase58 } from "./bytesToBase58.ts";
import { discriminatorHex } from "./discriminatorHex.ts";
import { instructionData } from "./instructionData.ts";
import { readMetaplexCreateArgs } from "./readMetaplexCreateArgs.ts";
import type { SolanaInstruction, SolanaTransaction } from "./SolanaTransaction.ts";
import { TOKEN_2022_PROGRAM, TOKEN_PROGRAM } from "./solanaPrograms.ts";
import { TOKEN_METADATA_INITIALIZE, TOKEN_METADATA_UPDATE_FIELD } from "./solanaTokenLayouts.ts";
import { trimNul } from "./trimNul.ts";

type Facts = {
  decimals: number | null;
  name: string | null;
  symbol: string | null;
  uri: string | null;
  /** supply minted minus burned since InitializeMint in this transaction; null when the mint existed before */
  supply: bigint | null;
  mintAuthority?: string | null;
  freezeAuthority?: string | null;
  tokenProgram: string | null;
};

const pubkeyAt = (d: Uint8Array, at: number): string => bytesToBase58(d.subarray(at, at + 32));
const u64At = (d: Uint8Array, at: number): bigint =>
  new DataView(d.buffer, d.byteOffset, d.byteLength).getBigUint64(at, true);

/** The instruction's COption<Pubkey> (one tag byte, then 32 bytes when present) at `at`. */
function optionalPubkey(d: Uint8Array, at: number): string | null | undefined {
  if (d[at] === 0) return null;
  if (d[at] === 1 && d.length >= at + 33) return pubkeyAt(d, at + 1);
  return undefined;
}

/**
 * The token facts one transaction states, per mint, as TokenRecords. Pure; a failed
 * transaction states nothing.
 *
 * - `decimals`: from the pre/post token balances, else from InitializeMint / InitializeMint2.
 * - `name`, `symbol`, `metadata.uri`: from Metaplex metadata creation (`CreateMetadataAccount`
 *   V1-V3, `Create`) and Token-2022 metadata (`spl_token_metadata_interface` Initialize and
 *   UpdateField), top-level or inner, in execution order (a later instruction wins).
 * - `totalSupply`: only for a mint initialized in this transaction, where it is exact: minted
 *   minus burned since InitializeMint. Any other mint's supply is unknown here: null.
 * - `metadata.mintAuthority` / `freezeAuthority`: as InitializeMint sets them and later
 *   SetAuthority changes them in the same transaction (null = none); absent when not shown.
 * - `metadata.tokenProgram`: the token program that owns the mint, when shown.
 * - creation, only for a mint initialized in this transaction: `createdAt` (block time),
 *   `createdBlock` (slot), `createdTx` (signature) and `deployer` (the fee payer; a launchpad's
 *   decoded creator wins over it when the records are merged).
 */
export function extractSolanaTokenFacts(tx: SolanaTransaction): TokenRecord[] {
  if (tx.err !== null) return [];
  const facts = new Map<string, Facts>();
  const of = (mint: string): Facts => {
    let f = facts.get(mint);
    if (!f) {
      f = { decimals: null, name: null, symbol: null, uri: null, supply: null, tokenProgram: null };
      facts.set(mint, f);
    }
    return f;
  };
  // Token-2022 metadata accounts (the metadata pointer's target) -> mint, for UpdateField
  const metadataOf = new Map<string, string>();

  for (const ix of tx.instructions) {
    if (ix.programId === TOKEN_PROGRAM || ix.programId === TOKEN_2022_PROGRAM) {
      readTokenInstruction(ix, of, metadataOf);
      if (ix.programId === TOKEN_PROGRAM) continue;
    }
    if (ix.programId === TOKEN_2022_PROGRAM || metadataOf.has(ix.accounts[0] ?? "")) {
      readMetadataInterface(ix, of, metadataOf);
      continue;
    }
    const m = readMetaplexCreateArgs(ix);
    if (m) {
      const f = of(m.mint);
      f.name = m.name;
      f.symbol = m.symbol;
      f.uri = m.uri;
    }
  }
  for (const balances of [tx.preTokenBalances, tx.postTokenBalances]) {
    for (const b of balances.values()) {
      const f = of(b.mint);
      f.decimals = b.decimals;
      f.tokenProgram ??= b.programId;
    }
  }

  const out: TokenRecord[] = [];
  for (const [mint, f] of facts) {
    const metadata: Record<string, unknown> = {};
    if (f.uri !== null) metadata.uri = f.uri;
    if (f.mintAuthority !== undefined) metadata.mintAuthority = f.mintAuthority;
    if (f.freezeAuthority !== undefined) metadata.freezeAuthority = f.freezeAuthority;
    if (f.tokenProgram !== null) metadata.tokenProgram = f.tokenProgram;
    out.push({
      chain: "solana",
      address: mint,
      name: f.name,
      symbol: f.symbol,
      decimals: f.decimals,
      totalSupply: f.supply,
      ...(f.supply === null
        ? {}
        : {
            createdAt: tx.blockTime === null ? null : tx.blockTime * 1000,
            createdBlock: tx.slot,
            createdTx: tx.signature,
            deployer: tx.signers[0] ?? null,
          }),
      metadata,
    });
  }
  return out;
}

function readTokenInstruction(
  ix: SolanaInstruction,
  of: (mint: string) => Facts,
  metadataOf: Map<string, string>,
): void {
  const d = instructionData(ix);
  switch (d[0]) {
    // InitializeMint / InitializeMint2: decimals, mint authority, COption freeze authority; mint = account 0
    case 0:
    case 20: {
      const mint = ix.accounts[0];
      if (!mint || d.length < 35) return;
      const f = of(mint);
      f.decimals ??= d[1] as number;
      f.supply = 0n;
      f.mintAuthority = pubkeyAt(d, 2);
      const freeze = optionalPubkey(d, 34);
      if (freeze !== undefined) f.freezeAuthority = freeze;
      f.tokenProgram = ix.programId;
      return;
    }
    // MintTo / MintToChecked: mint = account 0
    case 7:
    case 14: {
      const f = ix.accounts[0] ? of(ix.accounts[0]) : null;
      if (f && f.supply !== null && d.length >= 9) f.supply += u64At(d, 1);
      return;
    }
    // Burn / BurnChecked: mint = account 1
    case 8:
    case 15: {
      const f = ix.accounts[1] ? of(ix.accounts[1]) : null;
      if (f && f.supply !== null && d.length >= 9) f.supply -= u64At(d, 1);
      return;
    }
    // SetAuthority: authority type 0 (mint tokens) and 1 (freeze account) act on a mint = account 0
    case 6: {
      const mint = ix.accounts[0];
      const next = optionalPubkey(d, 2);
      if (!mint || next === undefined || (d[1] !== 0 && d[1] !== 1)) return;
      if (d[1] === 0) of(mint).mintAuthority = next;
      else of(mint).freezeAuthority = next;
      return;
    }
    // Token-2022 MetadataPointer Initialize: [39, 0, authority, metadata address]; mint = account 0
    case 39: {
      const mint = ix.accounts[0];
      if (ix.programId !== TOKEN_2022_PROGRAM || d[1] !== 0 || !mint || d.length < 66) return;
      const address = pubkeyAt(d, 34);
      if (address !== "11111111111111111111111111111111") metadataOf.set(address, mint);
      return;
    }
  }
}

/** `spl_token_metadata_interface` Initialize (accounts: metadata, update authority, mint) and UpdateField. */
function readMetadataInterface(
  ix: SolanaInstruction,
  of: (mint: string) => Facts,
  metadataOf: Map<string, string>,
): void {
  const d = instructionData(ix);
  if (d.length < 8) return;
  const disc = discriminatorHex(d);
  try {
    if (disc === TOKEN_METADATA_INITIALIZE) {
      const mint = ix.accounts[2];
      if (!mint) return;
      const r = new BorshReader(d, 8);
      const f = of(mint);
      f.name = trimNul(r.string());
      f.symbol = trimNul(r.string());
      f.uri = trimNul(r.string());
      if (ix.accounts[0]) metadataOf.set(ix.accounts[0], mint);
    } else if (disc === TOKEN_METADATA_UPDATE_FIELD) {
      // Token-2022 keeps the metadata in the mint account itself
      const mint =
        ix.programId === TOKEN_2022_PROGRAM ? ix.accounts[0] : metadataOf.get(ix.accounts[0] ?? "");
      if (!mint) return;
      const r = new BorshReader(d, 8);
      const field = r.u8();
      // Field::Key (3) names an additional field: not one of ours
      if (field > 2) return;
      const value = trimNul(r.string());
      const f = of(mint);
      if (field === 0) f.name = value;
      else if (field === 1) f.symbol = value;
      else f.uri = value;
    }
  } catch (err) {
    if (!(err instanceof RangeError)) throw err;
  }
}
