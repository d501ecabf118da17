import { bytesToBase58 } from "../bytesToBase58.ts";
import { instructionData } from "../instructionData.ts";
import type { SolanaTransaction } from "../SolanaTransaction.ts";
import { ASSOCIATED_TOKEN_PROGRAM, TOKEN_2022_PROGRAM, TOKEN_PROGRAM } from "../solanaPrograms.ts";

/** Owner and mint of a token account, as the instruction that opened (or closed) it states them. */
export type OpenedTokenAccount = { readonly owner: string; readonly mint: string | null };

/**
 * An account opened with its owner in the instruction data (InitializeAccount2 / 3): the owner is
 * encoded on first read, since the token balances name the owner of most accounts first.
 */
class OwnerInData implements OpenedTokenAccount {
  private encoded: string | null = null;
  constructor(
    private readonly data: Uint8Array,
    readonly mint: string,
  ) {}

  get owner(): string {
    this.encoded ??= bytesToBase58(this.data.subarray(1, 33));
    return this.encoded;
  }
}

/**
 * Token accounts whose owner the transaction's instructions state: associated token account
 * creations, `InitializeAccount` (1, 2, 3) and `CloseAccount`. A temporary account (wrapped SOL
 * opened and closed in the same transaction) has no token balance, so this is the only place its
 * owner shows.
 */
export function openedTokenAccounts(tx: SolanaTransaction): Map<string, OpenedTokenAccount> {
  const out = new Map<string, OpenedTokenAccount>();
  for (const ix of tx.instructions) {
    // accounts are resolved only for the programs read here
    if (ix.programId === ASSOCIATED_TOKEN_PROGRAM) {
      const a = ix.accounts;
      // Create / CreateIdempotent: [payer, account, owner, mint, system, token program]
      if (a.length >= 4) out.set(a[1]!, { owner: a[2]!, mint: a[3]! });
      continue;
    }
    if (ix.programId !== TOKEN_PROGRAM && ix.programId !== TOKEN_2022_PROGRAM) continue;
    const a = ix.accounts;
    const d = instructionData(ix);
    const tag = d[0];
    if (tag === 1 && a.length >= 3) out.set(a[0]!, { owner: a[2]!, mint: a[1]! });
    // InitializeAccount2 / 3: [account, mint], the owner in the data
    else if ((tag === 16 || tag === 18) && a.length >= 2 && d.length >= 33)
      out.set(a[0]!, new OwnerInData(d, a[1]!));
    // CloseAccount: [account, destination, owner]
    else if (tag === 9 && a.length >= 3 && !out.has(a[0]!)) out.set(a[0]!, { owner: a[2]!, mint: null });
  }
  return out;
}
