import type { TxSender } from "./createTxSender.ts";
import type { DevnetToken } from "./DevnetDeployment.ts";
import type { DevnetArtifacts } from "./loadDevnetArtifacts.ts";

/**
 * Deploys an ERC-20 from `sender` and mints `supply` (raw units) to it. 18-decimal tokens are
 * OpenZeppelin's ERC20PresetMinterPauser (the sender holds its minter role); other decimals use
 * solmate's MockERC20 from v4-core's build, since the OpenZeppelin preset is fixed at 18.
 */
export async function deployDevnetToken(
  sender: TxSender,
  artifacts: DevnetArtifacts,
  spec: { name: string; symbol: string; decimals: number; supply: bigint; seedPriceUsd: number },
): Promise<DevnetToken> {
  const openZeppelin = spec.decimals === 18;
  const artifact = openZeppelin ? artifacts.erc20MinterPauser : artifacts.erc20WithDecimals;
  const args = openZeppelin ? [spec.name, spec.symbol] : [spec.name, spec.symbol, spec.decimals];
  const address = await sender.deploy(artifact, args, `deploy token ${spec.symbol}`);
  await sender.write(
    { address, abi: artifact.abi, functionName: "mint", args: [sender.address, spec.supply] },
    `mint ${spec.symbol}`,
  );
  return {
    address,
    name: spec.name,
    symbol: spec.symbol,
    decimals: spec.decimals,
    implementation: openZeppelin ? "ERC20PresetMinterPauser" : "MockERC20",
    seedPriceUsd: spec.seedPriceUsd,
  };
}
