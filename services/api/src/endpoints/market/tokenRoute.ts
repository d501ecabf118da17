import { type ChainId, marketKey, parseChainId, parseTokenAddress, type QueryApi } from "@tapeline/core";
import type { ShardClient } from "../../shardClient.ts";
import { keyRoute } from "../../shards/keyRoute.ts";

/**
 * Resolves a token reference from a request or a batch item (chain id, then the address judged
 * against that chain, `0xeeee…eeee` meaning the EVM native coin), its routing key and the shard
 * owning it.
 * @throws InvalidParamError naming `chain` or `address` (with `prefix` for batch items).
 */
export function tokenRoute(
  shards: ShardClient,
  chainInput: unknown,
  addressInput: unknown,
  prefix = "",
): { chain: ChainId; address: string; key: string; shard: QueryApi } {
  const chain = parseChainId(chainInput, `${prefix}chain`);
  const address = parseTokenAddress(chain, addressInput, `${prefix}address`);
  const key = marketKey(chain, address);
  return keyRoute(shards, key, { chain, address });
}
