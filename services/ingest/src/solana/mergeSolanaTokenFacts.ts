import type { TokenRecord } from "@tapeline/core";
import { bytesToBase58 } from "./bytesToBase58.ts";
import { discriminatorHex } from "./discriminatorHex.ts";
import { extractSolanaTokenFacts } from "./extractSolanaTokenFacts.ts";
import { instructionData } from "./instructionData.ts";
import type { SolanaTransaction } from "./SolanaTransaction.ts";
import { TOKEN_2022_PROGRAM, TOKEN_PROGRAM } from "./solanaPrograms.ts";
import {
  METAPLEX_TOKEN_METADATA_PROGRAM,
  TOKEN_METADATA_INITIALIZE,
  TOKEN_METADATA_UPDATE_FIELD,
} from "./solanaTokenLayouts.ts";

// Token instructions that state a fact beyond decimals: InitializeMint(2), SetAuthority, MetadataPointer
const FACT_TAGS = new Set([0, 20, 6, 39]);
// SetAuthority of a mint's mint or freeze authority to none: the only short instructions that state a fact
const REVOKES = new Set([
  bytesToBase58(Uint8Array.from([6, 0, 0])),
  bytesToBase58(Uint8Array.from([6, 1, 0])),
]);

/**
 * Whether the transaction states more than decimals about some mint. Cheap, since most
 * transactions do not: token instructions are told apart by their data length before decoding
 * (transfers are 9-10 bytes; InitializeMint, SetAuthority to a key and MetadataPointer 35 bytes
 * or more; the Token-2022 metadata interface 13 or more).
 */
function statesTokenFacts(tx: SolanaTransaction): boolean {
  for (const ix of tx.instructions) {
    if (ix.programId === METAPLEX_TOKEN_METADATA_PROGRAM) return true;
    const is2022 = ix.programId === TOKEN_2022_PROGRAM;
    if (!is2022 && ix.programId !== TOKEN_PROGRAM) continue;
    const n = ix.data58?.length;
    if (n !== undefined) {
      if (n <= 5) {
        if (REVOKES.has(ix.data58!)) return true;
        continue;
      }
      if (n < (is2022 ? 17 : 40)) continue;
    }
    const d = instructionData(ix);
    if (FACT_TAGS.has(d[0] as number)) return true;
    if (is2022 && d.length >= 8) {
      const disc = discriminatorHex(d);
      if (disc === TOKEN_METADATA_INITIALIZE || disc === TOKEN_METADATA_UPDATE_FIELD) return true;
    }
  }
  return false;
}

const carriesMoreThanDecimals = (t: TokenRecord): boolean =>
  t.name !== null ||
  t.symbol !== null ||
  t.totalSupply !== null ||
  Object.keys(t.metadata ?? {}).some((k) => k !== "tokenProgram");

/**
 * The decoder's token records completed with what the transaction itself states about those
 * mints (`extractSolanaTokenFacts`): a field the venue left null is filled, a venue's own value
 * is kept; metadata keys are merged (the venue's win). Mints no venue named are added when the
 * transaction states more than their decimals (a mint created, named or re-authorized here).
 */
export function mergeSolanaTokenFacts(tx: SolanaTransaction, tokens: TokenRecord[]): TokenRecord[] {
  if (!statesTokenFacts(tx)) return tokens;
  const facts = new Map(extractSolanaTokenFacts(tx).map((f) => [f.address, f]));
  const named = new Set<string>();
  const out = tokens.map((t) => {
    const f = facts.get(t.address);
    if (!f || t.chain !== "solana") return t;
    named.add(t.address);
    return {
      ...t,
      name: t.name ?? f.name,
      symbol: t.symbol ?? f.symbol,
      decimals: t.decimals ?? f.decimals,
      totalSupply: t.totalSupply ?? f.totalSupply,
      deployer: t.deployer ?? f.deployer,
      createdAt: t.createdAt ?? f.createdAt,
      createdBlock: t.createdBlock ?? f.createdBlock,
      createdTx: t.createdTx ?? f.createdTx,
      metadata: { ...f.metadata, ...t.metadata },
    };
  });
  for (const f of facts.values()) if (!named.has(f.address) && carriesMoreThanDecimals(f)) out.push(f);
  return out;
}
