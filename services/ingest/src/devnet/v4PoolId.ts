import { encodeAbiParameters, type Hex, keccak256 } from "viem";
import type { V4PoolKey } from "./DevnetDeployment.ts";

/** The PoolId of a V4 pool key: keccak256 of its ABI encoding. */
export function v4PoolId(key: V4PoolKey): Hex {
  return keccak256(
    encodeAbiParameters(
      [{ type: "address" }, { type: "address" }, { type: "uint24" }, { type: "int24" }, { type: "address" }],
      [key.currency0, key.currency1, key.fee, key.tickSpacing, key.hooks],
    ),
  );
}
