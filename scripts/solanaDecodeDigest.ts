/**
 * Prints a digest of everything the Solana decoder makes of the recorded fixtures, to show that
 * a change to the decoder leaves its output byte-identical: each recorded transaction decoded
 * alone (without and with a SOL/USD price, so stablecoin-quoted rows are valued), then all of
 * them as one block and each recorded block through the block decoder (balance changes, native
 * balances' inputs, fundings, SOL/USD tracking).
 *
 *   npx tsx scripts/solanaDecodeDigest.ts [--src <checkout>] [--out <file.json>]
 *
 * `--src` decodes with another checkout's decoder (e.g. `/work/main`), so two versions are
 * compared on the same fixtures; `--out` writes the full output to diff when digests differ.
 */
import { createHash } from "node:crypto";
import { writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { parseArgs } from "node:util";

const { values } = parseArgs({ options: { src: { type: "string" }, out: { type: "string" } } });
const src = resolve(values.src ?? resolve(import.meta.dirname, ".."));
const root = process.env.TAPELINE_FIXTURES ?? resolve(import.meta.dirname, "../../shared/fixtures");
const solana = `${src}/services/ingest/src/solana`;

const { loadSolanaRecording } = await import(`${solana}/replay/loadSolanaRecording.ts`);
const { decodeSolanaTransaction } = await import(`${solana}/decodeSolanaTransaction.ts`);
const { decodeSolanaBlock } = await import(`${solana}/decodeSolanaBlock.ts`);
const { createSolUsdTracker } = await import(`${solana}/createSolUsdTracker.ts`);

type Raw = Record<string, unknown>;
const recording = loadSolanaRecording(root) as {
  transactions: { raw: Raw; file: string }[];
  metaOnly: { raw: Raw; file: string }[];
  blocks: { slot: number | null; raw: Raw; file: string }[];
};

/** JSON of a decoder output: bigints as `<n>n`, maps and sets as entry lists, the normalized tx by its plain fields. */
function canonical(value: unknown): string {
  return JSON.stringify(value, function (this: unknown, key, v) {
    if (typeof v === "bigint") return `${v}n`;
    if (v instanceof Map) return { map: [...v.entries()] };
    if (v instanceof Set) return { set: [...v] };
    if (v instanceof Uint8Array) return { bytes: Buffer.from(v).toString("hex") };
    if (key === "normalized")
      return (v as { tx: Tx; seq: number }[]).map((p) => ({ seq: p.seq, ...summarizeTx(p.tx) }));
    if (key === "tx" && v !== null && Array.isArray((v as Tx).instructions)) return summarizeTx(v as Tx);
    return v;
  });
}

type Tx = {
  signature: string;
  slot: bigint | null;
  blockTime: number | null;
  accountKeys: string[];
  signers: string[];
  instructions: { path: string; programId: string; accounts: string[]; stackHeight: number }[];
  preTokenBalances: Map<string, { mint: string; owner: string | null; amount: bigint; decimals: number }>;
  postTokenBalances: Map<string, { mint: string; owner: string | null; amount: bigint; decimals: number }>;
  fee: bigint;
  err: unknown;
};
function summarizeTx(tx: Tx): Record<string, unknown> {
  const bal = (m: Tx["preTokenBalances"]) =>
    [...m].map(([k, b]) => [k, b.mint, b.owner, String(b.amount), b.decimals]);
  return {
    signature: tx.signature,
    slot: String(tx.slot),
    blockTime: tx.blockTime,
    keys: tx.accountKeys,
    signers: tx.signers,
    ixs: tx.instructions.map((ix) => [ix.path, ix.programId, ix.stackHeight, ix.accounts]),
    pre: bal(tx.preTokenBalances),
    post: bal(tx.postTokenBalances),
    fee: String(tx.fee),
    err: tx.err ?? null,
  };
}

const parts: string[] = [];
for (const t of [...recording.transactions, ...recording.metaOnly]) {
  parts.push(`${t.file} plain ${canonical(decodeSolanaTransaction(t.raw, { fallbackAtMs: 0 }))}`);
  const valued = decodeSolanaTransaction(t.raw, { fallbackAtMs: 0, solUsdAt: () => "151.25" });
  parts.push(`${t.file} valued ${canonical(valued)}`);
}
const asBlock = {
  slot: 400_000_000n,
  parentSlot: 399_999_999n,
  blockhash: null,
  previousBlockhash: null,
  blockTime: 1_760_000_000,
  blockHeight: null,
  transactions: recording.transactions.map((t) => t.raw),
};
const blocks = [
  asBlock,
  ...recording.blocks.map((b) => ({
    ...asBlock,
    slot: BigInt(b.slot ?? 0),
    blockTime: typeof b.raw.blockTime === "number" ? b.raw.blockTime : null,
    transactions: b.raw.transactions as Raw[],
  })),
];
const tracker = createSolUsdTracker();
for (const b of blocks) {
  const d = decodeSolanaBlock(b, { tracker, balanceMints: () => true });
  parts.push(`block ${b.slot} ${canonical(d)}`);
}
parts.push(`solusd ${canonical(tracker.drainChanged())}`);

const text = parts.join("\n");
if (values.out) writeFileSync(values.out, text);
const rows = parts.length;
console.log(`${createHash("sha256").update(text).digest("hex")}  ${rows} outputs (${src})`);
