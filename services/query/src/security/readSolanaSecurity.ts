import type { TokenSecurity } from "@tapeline/core";
import type { NodeRpc } from "../portfolio/createNodeRpc.ts";
import { MintLayoutError, parseMintAccount } from "./parseMintAccount.ts";

/** The Solana part of a token's security facts. */
export type SolanaSecurityFacts = Pick<
  TokenSecurity,
  "isMintable" | "mintAuthority" | "isFreezable" | "freezeAuthority" | "tokenProgram" | "token2022"
>;

type AccountInfo = { value: { data: [string, string]; owner: string } | null } | null;

/**
 * Reads a mint account (base64) and decodes its authorities and Token-2022 extensions. Null
 * when the node has no such account or it is not a mint of either token program.
 * @throws NodeUnavailableError when the node does not answer
 */
export async function readSolanaSecurity(rpc: NodeRpc, mint: string): Promise<SolanaSecurityFacts | null> {
  const info = await rpc.call<AccountInfo>("getAccountInfo", [mint, { encoding: "base64" }]);
  const value = info?.value;
  if (!value || !Array.isArray(value.data) || value.data[1] !== "base64") return null;
  let m: ReturnType<typeof parseMintAccount>;
  try {
    m = parseMintAccount(value.owner, Buffer.from(value.data[0], "base64"));
  } catch (err) {
    if (err instanceof MintLayoutError) return null;
    throw err;
  }
  const x = m.extensions;
  return {
    isMintable: m.mintAuthority !== null,
    mintAuthority: m.mintAuthority,
    isFreezable: m.freezeAuthority !== null,
    freezeAuthority: m.freezeAuthority,
    tokenProgram: m.program,
    token2022: x
      ? {
          transferFee: x.transferFee
            ? {
                current: x.transferFee.newer,
                previous: x.transferFee.older,
                authority: x.transferFee.authority,
              }
            : null,
          permanentDelegate: x.permanentDelegate,
          transferHookProgram: x.transferHookProgram,
          defaultAccountFrozen: x.defaultAccountFrozen,
          nonTransferable: x.nonTransferable,
          mintCloseAuthority: x.mintCloseAuthority,
          paused: x.paused,
          extensionTypes: x.types,
        }
      : null,
  };
}
