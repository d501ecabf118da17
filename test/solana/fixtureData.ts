import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import {
  loadSolanaRecording,
  type SolanaRecording,
} from "../../services/ingest/src/solana/replay/loadSolanaRecording.ts";
import { TIP_ACCOUNTS } from "../../services/ingest/src/solana/solanaPrograms.ts";

/** The shared fixtures (real mainnet data), next to the repository unless TAPELINE_FIXTURES says otherwise. */
export const FIXTURES_ROOT =
  process.env.TAPELINE_FIXTURES ?? resolve(import.meta.dirname, "../../../shared/fixtures");

let cache: SolanaRecording | null = null;
export function fixtureRecording(): SolanaRecording {
  cache ??= loadSolanaRecording(FIXTURES_ROOT);
  return cache;
}

type ManifestTx = { sig: string; venues: string[]; ops?: string[]; err: unknown };
/** Venues the manifest lists per signature (recorded by the fixtures' curators, not by us). */
export function manifestVenues(): Map<string, string[]> {
  const m = JSON.parse(readFileSync(join(FIXTURES_ROOT, "manifest.json"), "utf8")) as {
    kind: string;
    txs?: ManifestTx[];
  }[];
  const out = new Map<string, string[]>();
  for (const e of m) for (const t of e.txs ?? []) if (t.sig) out.set(t.sig, t.venues);
  return out;
}

/** Operations the manifest lists per signature (`venue:Instruction`, read from the programs' logs by the curators). */
export function manifestOps(): Map<string, string[]> {
  const m = JSON.parse(readFileSync(join(FIXTURES_ROOT, "manifest.json"), "utf8")) as {
    txs?: ManifestTx[];
  }[];
  const out = new Map<string, string[]>();
  for (const e of m) for (const t of e.txs ?? []) if (t.sig) out.set(t.sig, t.ops ?? []);
  return out;
}

type Json = Record<string, unknown>;
type Balance = { accountIndex: number; mint: string; owner?: string; uiTokenAmount: { amount: string } };

/** Reads a json / jsonParsed transaction straight from the recorded JSON (no decoder code). */
export function rawView(raw: Json) {
  const tx = raw.transaction as Json;
  const meta = raw.meta as Json;
  const message = tx.message as Json;
  const rawKeys = message.accountKeys as (string | { pubkey: string; signer: boolean })[];
  const parsed = typeof rawKeys[0] === "object";
  const loaded = (meta.loadedAddresses as { writable: string[]; readonly: string[] } | undefined) ?? {
    writable: [],
    readonly: [],
  };
  const keys = parsed
    ? rawKeys.map((k) => (k as { pubkey: string }).pubkey)
    : [...(rawKeys as string[]), ...loaded.writable, ...loaded.readonly];
  const signerCount = parsed
    ? rawKeys.filter((k) => (k as { signer: boolean }).signer).length
    : Number((message.header as Json).numRequiredSignatures);
  const pre = (meta.preTokenBalances as Balance[]) ?? [];
  const post = (meta.postTokenBalances as Balance[]) ?? [];
  const preL = meta.preBalances as number[];
  const postL = meta.postBalances as number[];

  /** Net token change (raw units) of `mint` over the token accounts owned by `owners`. */
  function ownerDelta(owners: readonly string[], mint: string): bigint {
    let d = 0n;
    for (const b of post)
      if (b.mint === mint && owners.includes(b.owner ?? "")) d += BigInt(b.uiTokenAmount.amount);
    for (const b of pre)
      if (b.mint === mint && owners.includes(b.owner ?? "")) d -= BigInt(b.uiTokenAmount.amount);
    return d;
  }
  /** Net token change of `mint` over the given token accounts. */
  function accountDelta(accounts: readonly string[], mint: string): bigint {
    let d = 0n;
    for (const b of post)
      if (b.mint === mint && accounts.includes(keys[b.accountIndex]!)) d += BigInt(b.uiTokenAmount.amount);
    for (const b of pre)
      if (b.mint === mint && accounts.includes(keys[b.accountIndex]!)) d -= BigInt(b.uiTokenAmount.amount);
    return d;
  }
  /** Mints whose balance moved in the token accounts owned by `owners` (or the given accounts). */
  function mintsMoved(owners: readonly string[], byAccount = false): string[] {
    const mints = new Set<string>();
    for (const b of [...pre, ...post]) {
      const match = byAccount ? owners.includes(keys[b.accountIndex]!) : owners.includes(b.owner ?? "");
      if (!match) continue;
      const d = byAccount ? accountDelta(owners, b.mint) : ownerDelta(owners, b.mint);
      if (d !== 0n) mints.add(b.mint);
    }
    return [...mints];
  }
  function lamportDelta(account: string): bigint {
    const i = keys.indexOf(account);
    return BigInt(postL[i]!) - BigInt(preL[i]!);
  }
  /** meta.fee plus what the tip accounts received. */
  function feeWithTipsLamports(): bigint {
    let tips = 0n;
    keys.forEach((k, i) => {
      if (TIP_ACCOUNTS.has(k)) tips += BigInt(postL[i]!) - BigInt(preL[i]!);
    });
    return BigInt(meta.fee as number) + tips;
  }
  return {
    keys,
    signers: keys.slice(0, signerCount),
    signature: (tx.signatures as string[])[0]!,
    failed: meta.err !== null && meta.err !== undefined,
    ownerDelta,
    accountDelta,
    mintsMoved,
    lamportDelta,
    feeWithTipsLamports,
  };
}

/**
 * A wallet's net change of `mint` over a recorded transaction, read from its pre/post balances:
 * SOL is the wallet's lamports plus those of the token accounts it owns (wrapped SOL and rent
 * move between them), with the fee and tips it paid as fee payer added back.
 */
export function walletNetFlow(raw: Json, wallet: string, mint: string): bigint {
  const view = rawView(raw);
  if (mint !== "So11111111111111111111111111111111111111112") return view.ownerDelta([wallet], mint);
  const meta = raw.meta as { preTokenBalances?: Balance[]; postTokenBalances?: Balance[] };
  const owned = new Set(
    [...(meta.preTokenBalances ?? []), ...(meta.postTokenBalances ?? [])]
      .filter((b) => b.owner === wallet)
      .map((b) => view.keys[b.accountIndex]!),
  );
  let d = view.lamportDelta(wallet);
  for (const a of owned) d += view.lamportDelta(a);
  return d + (view.signers[0] === wallet ? view.feeWithTipsLamports() : 0n);
}

/** Decimals of a mint as the recorded token balances state them (SOL: 9), or null. */
export function recordedDecimals(raw: Json, mint: string): number | null {
  if (mint === "So11111111111111111111111111111111111111112") return 9;
  const meta = raw.meta as { preTokenBalances?: TokenBalance[]; postTokenBalances?: TokenBalance[] };
  const b = [...(meta.preTokenBalances ?? []), ...(meta.postTokenBalances ?? [])].find(
    (x) => x.mint === mint,
  );
  return b ? b.uiTokenAmount.decimals : null;
}
type TokenBalance = { mint: string; uiTokenAmount: { decimals: number } };
