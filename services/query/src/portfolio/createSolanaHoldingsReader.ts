import { type NodeRpc, NodeUnavailableError } from "./createNodeRpc.ts";
import type { HoldingsReader } from "./HoldingsReader.ts";

/** The SPL Token and Token-2022 programs: a wallet's token accounts live under either. */
export const TOKEN_PROGRAMS = [
  "TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA",
  "TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb",
] as const;
/** Wrapped SOL: folded into the native row. */
export const WRAPPED_SOL = "So11111111111111111111111111111111111111112";

type TokenAccounts = {
  value: {
    account: {
      data: { parsed?: { info?: { mint?: string; tokenAmount?: { amount?: string; decimals?: number } } } };
    };
  }[];
};

/**
 * Solana holdings: `getBalance` plus `getTokenAccountsByOwner` for both token programs (parsed),
 * in one JSON-RPC batch at one commitment. Balances of several accounts of one mint are summed;
 * wrapped SOL is added to the native balance (SOL and wSOL are one asset on the native row).
 */
export function createSolanaHoldingsReader(opts: { rpc: NodeRpc; now?: () => number }): HoldingsReader {
  const now = opts.now ?? Date.now;
  return {
    async read(wallet) {
      const asOf = now();
      const cfg = { commitment: "confirmed", encoding: "jsonParsed" };
      const answers = await opts.rpc.batch([
        { method: "getBalance", params: [wallet, { commitment: "confirmed" }] },
        ...TOKEN_PROGRAMS.map((programId) => ({
          method: "getTokenAccountsByOwner",
          params: [wallet, { programId }, cfg],
        })),
      ]);
      for (const a of answers)
        if ("error" in a) throw new NodeUnavailableError(`Solana holdings read failed: ${a.error.message}`);
      const [balance, ...accounts] = answers as { result: unknown }[];
      let nativeRaw = BigInt((balance!.result as { value: number }).value);
      const tokens = new Map<string, { raw: bigint; decimals: number | null }>();
      for (const a of accounts) {
        for (const { account } of (a.result as TokenAccounts).value) {
          const info = account.data.parsed?.info;
          const mint = info?.mint;
          const amount = info?.tokenAmount?.amount;
          if (!mint || amount === undefined) continue;
          if (mint === WRAPPED_SOL) {
            nativeRaw += BigInt(amount);
            continue;
          }
          const prior = tokens.get(mint);
          tokens.set(mint, {
            raw: (prior?.raw ?? 0n) + BigInt(amount),
            decimals: info?.tokenAmount?.decimals ?? prior?.decimals ?? null,
          });
        }
      }
      return { asOf, nativeRaw, tokens };
    },
  };
}
