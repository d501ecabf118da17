import { type ChainId, parseChainId, parseWalletAddress, type QueryApi, walletKey } from "@tapeline/core";
import type { ShardClient } from "../../shardClient.ts";
import { keyRoute } from "../../shards/keyRoute.ts";

/**
 * Resolves a wallet from a request or a batch item (chain id, then the address judged against
 * that chain: EVM hex lowercased, Solana base58), its wallet key and the shard owning it.
 * @throws InvalidParamError naming `chain` or `wallet` (with `prefix` for batch items).
 */
export function walletRoute(
  shards: ShardClient,
  chainInput: unknown,
  walletInput: unknown,
  prefix = "",
): { chain: ChainId; wallet: string; key: string; shard: QueryApi } {
  const chain = parseChainId(chainInput, `${prefix}chain`);
  const wallet = parseWalletAddress(chain, walletInput, `${prefix}wallet`);
  const key = walletKey(chain, wallet);
  return keyRoute(shards, key, { chain, wallet });
}
