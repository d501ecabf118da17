import { InvalidParamError, isSolanaAddress, parseEvmAddress } from "@tapeline/core";
import { z } from "zod";

/**
 * A profile's address: an EVM address (case-insensitive in, lowercase out) or a Solana base58
 * public key.
 * @throws InvalidParamError naming `param`
 */
export function parseProfileAddress(input: string, param = "address"): string {
  if (/^0x/i.test(input)) return parseEvmAddress(input, param);
  if (isSolanaAddress(input)) return input;
  throw new InvalidParamError(
    param,
    `${param} is neither a 20-byte hex EVM address nor a base58 32-byte Solana key`,
  );
}

/** The shard key a profile is answered (and its names cached) under. */
export const profileKey = (address: string) => `profile/${address}`;

/** Response schema of a wallet profile (the shape of `@tapeline/core` WalletProfile). */
export const walletProfileSchema = z.object({
  address: z.string(),
  displayName: z
    .string()
    .nullable()
    .describe("a source's display name, else the first verified on-chain name"),
  avatarUrl: z.string().nullable(),
  ensName: z
    .string()
    .nullable()
    .describe("ENS primary name (reverse record whose forward address is this wallet)"),
  basename: z.string().nullable().describe("Basenames primary name on Base, forward-verified likewise"),
  solName: z.string().nullable().describe("SNS favourite domain, while the wallet still owns it"),
  bio: z.string().nullable(),
  socials: z
    .record(z.string(), z.string())
    .describe("network key to handle; `url` is the profile's web page, present when a source gives one"),
  followerCounts: z.record(z.string(), z.int()).describe("network key to follower count, where known"),
  sources: z
    .array(z.string())
    .describe("resolvers (`ens`, `basename`, `sns`) and identity sources that answered"),
  identityGroup: z
    .string()
    .describe(
      "`<network>:<handle>` of the social identity; a wallet known only by an on-chain name is `<resolver>:<name>`",
    ),
  isProTrader: z.boolean().describe("the `proTrader` badge on any chain of the wallet's family"),
});

export const PROFILE_DESCRIPTION =
  "A wallet's public identity: verified on-chain names (ENS with forward check, Basenames on Base, SNS favourite domain) and the deployment's social identity records. A wallet without known identity answers a null profile (and, on the single call, `linkedWallets: []`); identities are harvested continuously, so a null is not permanent.";
