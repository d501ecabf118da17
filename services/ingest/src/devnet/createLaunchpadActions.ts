import { type Address, decodeEventLog, maxUint256, parseAbi } from "viem";
import { compileDevnetSource } from "./compileDevnetContracts.ts";
import type { TxSender } from "./createTxSender.ts";
import type { DevnetDeployment } from "./DevnetDeployment.ts";
import { DevnetError } from "./DevnetError.ts";
import type { ContractArtifact } from "./loadDevnetArtifacts.ts";

/** A launch on the Tapeline launchpad: its curve and token, lowercase. */
export type DevnetLaunch = { curve: Address; token: Address };

/** Creating launches and trading their curves (see contracts/README.md). */
export type LaunchpadActions = {
  /** the launchpad's address, lowercase */
  launchpad: Address;
  /** launches a token; `uri` is its metadata URI, recorded in the CurveCreated log ("" for none) */
  create(sender: TxSender, name: string, symbol: string, uri: string): Promise<DevnetLaunch>;
  /** buys with `wei` coins (the curve refunds what exceeds its end) */
  buy(sender: TxSender, launch: DevnetLaunch, wei: bigint): Promise<void>;
  /** sells `amount` raw tokens back to the curve */
  sell(sender: TxSender, launch: DevnetLaunch, amount: bigint): Promise<void>;
};

const curveCreated = parseAbi([
  "event CurveCreated(address indexed curve, address indexed token, address indexed creator, string uri)",
]);

/** The contracts of `contracts/TapelineLaunchpad.sol`. */
export function compileLaunchpadContracts(): Record<
  "launchpad" | "launchCurve" | "launchToken",
  ContractArtifact
> {
  const artifact = compileDevnetSource("TapelineLaunchpad.sol");
  return {
    launchpad: artifact("TapelineLaunchpad"),
    launchCurve: artifact("LaunchCurve"),
    launchToken: artifact("LaunchToken"),
  };
}

/**
 * Deploys the Tapeline launchpad (compiled from `contracts/TapelineLaunchpad.sol`) against the
 * deployment's WETH and Uniswap V2 factory, from `deployer`, and returns its actions. Opt-in: the
 * market simulator does not use it.
 */
export async function createLaunchpadActions(
  deployment: DevnetDeployment,
  deployer: TxSender,
): Promise<LaunchpadActions> {
  const compiled = compileLaunchpadContracts();
  const launchpad = (
    await deployer.deploy(
      compiled.launchpad,
      [deployment.weth, deployment.contracts.uniswapV2Factory],
      "launchpad",
    )
  ).toLowerCase() as Address;
  const curveAbi = compiled.launchCurve.abi;
  return {
    launchpad,
    async create(sender, name, symbol, uri) {
      const r = await sender.write(
        {
          address: launchpad,
          abi: compiled.launchpad.abi,
          functionName: "create",
          args: [name, symbol, uri],
        },
        `launch ${symbol}`,
      );
      const log = r.logs.find((l) => l.address.toLowerCase() === launchpad);
      if (!log) throw new DevnetError("TX_FAILED", `launch ${symbol} logged no CurveCreated`);
      const { args } = decodeEventLog({ abi: curveCreated, topics: log.topics, data: log.data });
      return {
        curve: args.curve.toLowerCase() as Address,
        token: args.token.toLowerCase() as Address,
      };
    },
    async buy(sender, launch, wei) {
      await sender.write(
        { address: launch.curve, abi: curveAbi, functionName: "buy", args: [0n], value: wei },
        "curve buy",
      );
    },
    async sell(sender, launch, amount) {
      const key = `${launch.token}:${launch.curve}`;
      if (!sender.approvals.has(key)) {
        await sender.write(
          {
            address: launch.token,
            abi: compiled.launchToken.abi,
            functionName: "approve",
            args: [launch.curve, maxUint256],
          },
          "approve curve",
        );
        sender.approvals.add(key);
      }
      await sender.write(
        { address: launch.curve, abi: curveAbi, functionName: "sell", args: [amount, 0n] },
        "curve sell",
      );
    },
  };
}
