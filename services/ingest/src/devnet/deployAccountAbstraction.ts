import type { Address } from "viem";
import type { DevnetClient } from "./createDevnetClient.ts";
import type { TxSender } from "./createTxSender.ts";
import { DevnetError } from "./DevnetError.ts";
import { loadDevnetArtifacts } from "./loadDevnetArtifacts.ts";

/** ERC-4337 EntryPoint v0.7's address on every public chain. */
export const ENTRY_POINT_V07: Address = "0x0000000071727de22e5e9d8baf0edac6f37da032";

/** ERC-4337 on the devnet: EntryPoint v0.7 at its canonical address and a SimpleAccount factory. */
export type DevnetAccountAbstraction = {
  entryPoint: Address;
  simpleAccountFactory: Address;
};

/**
 * Puts EntryPoint v0.7 (the published build of `@account-abstraction/contracts` 0.7.0) at its
 * canonical address, so code that knows EntryPoints by address sees the real one, and deploys a
 * SimpleAccountFactory bound to it. The EntryPoint is deployed once with CREATE and its runtime
 * code copied with `anvil_setCode`: the copy keeps the constructor's immutable (its SenderCreator),
 * which the artifact's own runtime bytecode leaves zeroed. Its storage starts empty, as on a chain
 * where it was deployed with CREATE2 (the constructor writes none).
 * @throws DevnetError `TX_FAILED` when a deployment fails.
 */
export async function deployAccountAbstraction(
  client: DevnetClient,
  deployer: TxSender,
): Promise<DevnetAccountAbstraction> {
  const artifacts = loadDevnetArtifacts();
  if ((await client.getCode({ address: ENTRY_POINT_V07 })) === undefined) {
    const built = await deployer.deploy(artifacts.entryPoint, [], "deploy EntryPoint v0.7");
    const code = await client.getCode({ address: built });
    if (!code) throw new DevnetError("TX_FAILED", "EntryPoint v0.7 deployed without code");
    await client.setCode({ address: ENTRY_POINT_V07, bytecode: code });
  }
  const simpleAccountFactory = await deployer.deploy(
    artifacts.simpleAccountFactory,
    [ENTRY_POINT_V07],
    "deploy SimpleAccountFactory",
  );
  return { entryPoint: ENTRY_POINT_V07, simpleAccountFactory };
}
