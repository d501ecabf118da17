import { createConfig, factory } from "ponder";
import { getAbiItem } from "viem";
import { v2FactoryAbi, v2PairAbi, v3FactoryAbi, v3PoolAbi, v4PoolManagerAbi } from "./abis.ts";

// Everything comes from bench/ingestVsPonder.bench.ts, which starts the chain and the database.
const env = (name: string): string => {
  const v = process.env[name];
  if (!v) throw new Error(`${name} is not set`);
  return v;
};
const startBlock = Number(env("PONDER_START_BLOCK"));
const endBlock = Number(env("PONDER_END_BLOCK"));
const address = (a: string) => a as `0x${string}`;

export default createConfig({
  database: { kind: "postgres", connectionString: env("DATABASE_URL") },
  chains: { devnet: { id: Number(env("PONDER_CHAIN_ID")), rpc: env("PONDER_RPC_URL"), disableCache: true } },
  contracts: {
    UniswapV2Pair: {
      chain: "devnet",
      abi: v2PairAbi,
      address: factory({
        address: address(env("PONDER_V2_FACTORY")),
        event: getAbiItem({ abi: v2FactoryAbi, name: "PairCreated" }),
        parameter: "pair",
      }),
      startBlock,
      endBlock,
    },
    UniswapV3Pool: {
      chain: "devnet",
      abi: v3PoolAbi,
      address: factory({
        address: address(env("PONDER_V3_FACTORY")),
        event: getAbiItem({ abi: v3FactoryAbi, name: "PoolCreated" }),
        parameter: "pool",
      }),
      startBlock,
      endBlock,
    },
    UniswapV4PoolManager: {
      chain: "devnet",
      abi: v4PoolManagerAbi,
      address: address(env("PONDER_V4_MANAGER")),
      startBlock,
      endBlock,
    },
  },
});
