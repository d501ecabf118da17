import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Abi, Hex } from "viem";
import { DevnetError } from "./DevnetError.ts";

/** ABI and creation bytecode of one contract, as compiled by its publisher. */
export type ContractArtifact = { abi: Abi; bytecode: Hex; source: string };

/**
 * Where each devnet contract's compiled artifact ships. All of them are the publishers' own build
 * outputs inside the npm packages; nothing is compiled here.
 */
const ARTIFACT_PATHS = {
  weth9: "@uniswap/v2-periphery/build/WETH9.json",
  uniswapV2Factory: "@uniswap/v2-core/build/UniswapV2Factory.json",
  uniswapV2Pair: "@uniswap/v2-core/build/UniswapV2Pair.json",
  uniswapV2Router02: "@uniswap/v2-periphery/build/UniswapV2Router02.json",
  uniswapV3Factory: "@uniswap/v3-core/artifacts/contracts/UniswapV3Factory.sol/UniswapV3Factory.json",
  uniswapV3Pool: "@uniswap/v3-core/artifacts/contracts/UniswapV3Pool.sol/UniswapV3Pool.json",
  uniswapV3SwapRouter: "@uniswap/v3-periphery/artifacts/contracts/SwapRouter.sol/SwapRouter.json",
  uniswapV3PositionManager:
    "@uniswap/v3-periphery/artifacts/contracts/NonfungiblePositionManager.sol/NonfungiblePositionManager.json",
  uniswapV4PoolManager: "@uniswap/v4-core/out/PoolManager.sol/PoolManager.json",
  uniswapV4PoolSwapTest: "@uniswap/v4-core/out/PoolSwapTest.sol/PoolSwapTest.json",
  uniswapV4PoolModifyLiquidityTest:
    "@uniswap/v4-core/out/PoolModifyLiquidityTest.sol/PoolModifyLiquidityTest.json",
  /** OpenZeppelin 4 ERC20PresetMinterPauser: 18 decimals, MINTER_ROLE-gated `mint`. */
  erc20MinterPauser: "@openzeppelin/contracts/build/contracts/ERC20PresetMinterPauser.json",
  /** solmate MockERC20 as built by v4-core: decimals set in the constructor, open `mint`/`burn`. */
  erc20WithDecimals: "@uniswap/v4-core/out/mocks/MockERC20.sol/MockERC20.json",
  /** ERC-4337 EntryPoint v0.7 and its sample SimpleAccount (owner-signed) with the account factory. */
  entryPoint: "@account-abstraction/contracts/artifacts/EntryPoint.json",
  simpleAccount: "@account-abstraction/contracts/artifacts/SimpleAccount.json",
  simpleAccountFactory: "@account-abstraction/contracts/artifacts/SimpleAccountFactory.json",
} as const;

/** Names of the contracts the devnet deploys. */
export type DevnetContractName = keyof typeof ARTIFACT_PATHS;

/** Every devnet artifact by name. */
export type DevnetArtifacts = Record<DevnetContractName, ContractArtifact>;

type RawArtifact = {
  abi?: Abi;
  bytecode?: string | { object?: string };
  evm?: { bytecode?: { object?: string } };
};

function bytecodeOf(raw: RawArtifact): string | undefined {
  if (typeof raw.bytecode === "string") return raw.bytecode;
  return raw.bytecode?.object ?? raw.evm?.bytecode?.object;
}

let cached: DevnetArtifacts | null = null;

/**
 * Reads the contract artifacts (ABI + creation bytecode) from the installed npm packages. The three
 * build formats in use (waffle for V2, hardhat for V3 and OpenZeppelin, foundry for V4) are
 * normalized to one shape. Read once per process.
 * @throws DevnetError `ARTIFACT_MISSING` when a package or its bytecode is missing.
 */
export function loadDevnetArtifacts(): DevnetArtifacts {
  if (cached) return cached;
  const require = createRequire(import.meta.url);
  const out = {} as DevnetArtifacts;
  for (const [name, source] of Object.entries(ARTIFACT_PATHS) as [DevnetContractName, string][]) {
    let raw: RawArtifact;
    try {
      raw = JSON.parse(readFileSync(require.resolve(source), "utf8")) as RawArtifact;
    } catch (cause) {
      throw new DevnetError("ARTIFACT_MISSING", `cannot read artifact ${source}`, { cause });
    }
    const code = bytecodeOf(raw);
    if (!raw.abi || !code || code.replace(/^0x/, "").length === 0) {
      throw new DevnetError("ARTIFACT_MISSING", `artifact ${source} has no deployable bytecode`);
    }
    out[name] = { abi: raw.abi, bytecode: `0x${code.replace(/^0x/, "")}`, source };
  }
  cached = out;
  return out;
}
