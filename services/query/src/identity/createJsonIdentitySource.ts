import { readFileSync } from "node:fs";
import { ConfigError, isSolanaAddress } from "@tapeline/core";
import { z } from "zod";
import type { IdentityRecord, IdentitySource } from "./IdentitySource.ts";

const EVM = /^0x[0-9a-fA-F]{40}$/;
const wallet = z
  .string()
  .refine((w) => EVM.test(w) || isSolanaAddress(w), "an EVM address or a Solana public key")
  .transform((w) => (EVM.test(w) ? w.toLowerCase() : w));
const text = z.string().min(1).max(2048).nullish();

/** One record of the file; `network` and `handle` name the identity (`identityGroup`). */
const recordSchema = z.strictObject({
  network: z
    .string()
    .regex(/^[a-z0-9_-]{1,32}$/)
    .describe("e.g. twitter, farcaster, telegram"),
  handle: z.string().min(1).max(128),
  displayName: text,
  avatarUrl: text,
  bio: text,
  url: text,
  followerCount: z.int().min(0).nullish(),
  wallets: z.array(wallet).min(1).max(1000),
});

/** The file: `{ "records": [ ... ] }`. */
const fileSchema = z.strictObject({ records: z.array(recordSchema).max(1_000_000) });

/**
 * A social identity source over a JSON file of identity records (`IDENTITY_FILE`), read once at
 * startup, so a deployment loads identities it harvested or licensed itself. Two records of one
 * `<network>:<handle>` merge their wallets.
 * @throws ConfigError when the file cannot be read or does not match the schema
 */
export function createJsonIdentitySource(path: string, name = "identity-file"): IdentitySource {
  let parsed: z.output<typeof fileSchema>;
  try {
    parsed = fileSchema.parse(JSON.parse(readFileSync(path, "utf8")));
  } catch (err) {
    throw new ConfigError([`IDENTITY_FILE ${path}: ${err instanceof Error ? err.message : String(err)}`]);
  }
  const byGroup = new Map<string, IdentityRecord>();
  for (const r of parsed.records) {
    const group = `${r.network}:${r.handle}`;
    const prior = byGroup.get(group);
    byGroup.set(group, {
      network: r.network,
      handle: r.handle,
      displayName: r.displayName ?? prior?.displayName ?? null,
      avatarUrl: r.avatarUrl ?? prior?.avatarUrl ?? null,
      bio: r.bio ?? prior?.bio ?? null,
      url: r.url ?? prior?.url ?? null,
      followerCount: r.followerCount ?? prior?.followerCount ?? null,
      wallets: [...new Set([...(prior?.wallets ?? []), ...r.wallets])],
    });
  }
  const byWallet = new Map<string, IdentityRecord[]>();
  for (const record of byGroup.values())
    for (const w of record.wallets) byWallet.set(w, [...(byWallet.get(w) ?? []), record]);
  return {
    name,
    async recordsOf(address) {
      return byWallet.get(address) ?? [];
    },
  };
}
