import { type ChainId, parseChainId, parseWalletAddress, type QueryApi, walletKey } from "@tapeline/core";
import type { ShardClient } from "../../shardClient.ts";

/**
 * Resolves a wallet from a request or a batch item (chain id, then the address judged against
 * that chain: EVM hex lowercased, Solana base58), its wallet key and the shard owning it.
 * The shard is found when asked for: a batch or a serialized page routes by the key alone, and
 * finding the shard hashes the key.
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
  return {
    chain,
    wallet,
    key,
    get shard() {
      return shards.forKey(key);
    },
  };
}
