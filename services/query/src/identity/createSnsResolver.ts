import { createHash } from "node:crypto";
import { PublicKey } from "@solana/web3.js";
import type { NodeRpc } from "../portfolio/createNodeRpc.ts";
import type { NameResolver } from "./NameResolver.ts";
import { parseFavouriteDomain, parseNameRegistry, parseReverseName } from "./parseSnsAccounts.ts";

export const SNS_NAME_PROGRAM = new PublicKey("namesLPneVptA9Z5rqUDD9tMTWEJwofgaYwp8cawRkX");
export const SNS_NAME_OFFERS_PROGRAM = new PublicKey("85iDfUvr3HJyLM2zcq5BXSgu9JiUdvkz5ZcUFBDzwDdi");
/** Parent of every `.sol` domain. */
export const SNS_SOL_ROOT = "58PwtjSDuFHuUkYjH9BYnnQKHfwo9reZhC2zMJv9JPkx";
export const SNS_REVERSE_LOOKUP_CLASS = new PublicKey("33m47vH6Eav6jr5Ry86XjhRft2jRBLDnDgPSHoquXi2Z");

/** The PDA of a wallet's favourite domain record. */
export function favouriteDomainAddress(wallet: string): string {
  return PublicKey.findProgramAddressSync(
    [Buffer.from("favourite_domain"), new PublicKey(wallet).toBuffer()],
    SNS_NAME_OFFERS_PROGRAM,
  )[0].toBase58();
}

/** The reverse-lookup registry of a name account: hashed name is the account's base58 key. */
export function reverseLookupAddress(nameAccount: string): string {
  const hashed = createHash("sha256").update(`SPL Name Service${nameAccount}`, "utf8").digest();
  return PublicKey.findProgramAddressSync(
    [hashed, SNS_REVERSE_LOOKUP_CLASS.toBuffer(), Buffer.alloc(32)],
    SNS_NAME_PROGRAM,
  )[0].toBase58();
}

type AccountValue = { data: [string, string] } | null;

/**
 * A Solana wallet's SNS favourite domain (`<name>.sol`): the favourite-domain record names a
 * name account, kept only while that account is a `.sol` domain the wallet still owns (a sold
 * domain's stale favourite is refused); its text comes from the reverse-lookup registry.
 */
export function createSnsResolver(node: NodeRpc): NameResolver {
  const accounts = async (keys: string[]) => {
    const r = await node.call<{ value: AccountValue[] }>("getMultipleAccounts", [
      keys,
      { encoding: "base64" },
    ]);
    return r.value.map((v) => (v ? new Uint8Array(Buffer.from(v.data[0], "base64")) : null));
  };
  return {
    kind: "sns",
    family: "solana",
    async nameOf(wallet) {
      const [fav] = await accounts([favouriteDomainAddress(wallet)]);
      const nameAccount = fav ? parseFavouriteDomain(fav) : null;
      if (!nameAccount) return null;
      const [nameData, reverseData] = await accounts([nameAccount, reverseLookupAddress(nameAccount)]);
      const registry = nameData ? parseNameRegistry(nameData) : null;
      if (!registry || registry.owner !== wallet || registry.parentName !== SNS_SOL_ROOT) return null;
      const reverse = reverseData ? parseNameRegistry(reverseData) : null;
      const name = reverse ? parseReverseName(reverse.data) : null;
      return name ? `${name}.sol` : null;
    },
  };
}
