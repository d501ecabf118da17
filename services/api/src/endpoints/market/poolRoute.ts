import { type ChainId, marketKey, parseChainId, parsePoolAddress, type QueryApi } from "@tapeline/core";
import type { ShardClient } from "../../shardClient.ts";
import { keyRoute } from "../../shards/keyRoute.ts";

/**
 * Resolves a pool (market) reference from a request or a batch item (chain id, then a pool
 * address or 32-byte pool id judged against that chain) and the shard owning the market.
 * @throws InvalidParamError naming `chain` or `address` (with `prefix` for batch items).
 */
export function poolRoute(
  shards: ShardClient,
  chainInput: unknown,
  addressInput: unknown,
  prefix = "",
): { chain: ChainId; address: string; key: string; shard: QueryApi } {
  const chain = parseChainId(chainInput, `${prefix}chain`);
  const address = parsePoolAddress(chain, addressInput, `${prefix}address`);
  const key = marketKey(chain, address);
  return keyRoute(shards, key, { chain, address });
}
