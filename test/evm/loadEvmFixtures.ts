import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { RawLog } from "../../services/ingest/src/evm/decoders/DexEvent.ts";

/** Where the recorded EVM chain data lives (read-only). */
export const EVM_FIXTURES = path.join(
  process.env.TAPELINE_FIXTURES ?? path.resolve(import.meta.dirname, "../../../shared/fixtures"),
  "evm",
  "logs",
);

/** A recorded transaction receipt in JSON-RPC terms (numbers as bigint). */
export type FixtureReceipt = {
  transactionHash: string;
  blockHash: string;
  from: string;
  to: string | null;
  gasUsed: bigint;
  effectiveGasPrice: bigint;
  /** OP-stack L1 data fee as recorded, or null */
  l1Fee: bigint | null;
  logs: RawLog[];
};

/** One recorded file: its chain, its receipts, and every log (also the ethereum-etl logs without receipts). */
export type FixtureFile = { file: string; chainId: number; receipts: FixtureReceipt[]; logs: RawLog[] };

const num = (v: string | number | undefined | null): bigint => {
  if (v === undefined || v === null || v === "") return 0n;
  return BigInt(v);
};

type AnyLog = {
  address: string;
  topics: string[];
  data: string;
  blockNumber?: string;
  blockHash?: string;
  transactionHash?: string;
  transactionIndex?: string;
  logIndex?: string;
};

function toLog(l: AnyLog, fallback: { block: bigint; blockHash: string; tx: string }): RawLog {
  return {
    address: l.address.toLowerCase(),
    topics: l.topics.map((t) => t.toLowerCase()),
    data: (l.data || "0x").toLowerCase(),
    blockNumber: l.blockNumber ? BigInt(l.blockNumber) : fallback.block,
    blockHash: (l.blockHash ?? fallback.blockHash).toLowerCase(),
    transactionHash: (l.transactionHash ?? fallback.tx).toLowerCase(),
    transactionIndex: Number(l.transactionIndex ?? 0),
    // chainstorage's native encoding omits zero-valued fields, log index 0 included
    logIndex: Number(l.logIndex ?? 0),
  };
}

const CHAIN_IDS: Record<string, number> = { ethereum: 1, base: 8453, arbitrum: 42161, optimism: 10, bsc: 56 };

/** Every EVM fixture file, normalized to JSON-RPC-shaped receipts and logs. */
export function loadEvmFixtures(): FixtureFile[] {
  const out: FixtureFile[] = [];
  for (const dir of readdirSync(EVM_FIXTURES)) {
    for (const name of readdirSync(path.join(EVM_FIXTURES, dir))) {
      const file = path.join(EVM_FIXTURES, dir, name);
      if (name.endsWith(".jsonl")) {
        if (!name.includes(".logs.")) continue;
        const logs = readFileSync(file, "utf8")
          .split("\n")
          .filter(Boolean)
          .map((line) => JSON.parse(line))
          .map((l) => ({
            address: l.address.toLowerCase(),
            topics: l.topics.map((t: string) => t.toLowerCase()),
            data: l.data.toLowerCase(),
            blockNumber: BigInt(l.block_number),
            blockHash: l.block_hash.toLowerCase(),
            transactionHash: l.transaction_hash.toLowerCase(),
            transactionIndex: l.transaction_index,
            logIndex: l.log_index,
          }));
        out.push({ file: name, chainId: 1, receipts: [], logs });
        continue;
      }
      const d = JSON.parse(readFileSync(file, "utf8"));
      const receipts: FixtureReceipt[] = [];
      if (d.raw?.receipt) {
        const r = d.raw.receipt;
        const fb = { block: BigInt(r.blockNumber), blockHash: r.blockHash, tx: r.transactionHash };
        receipts.push({
          transactionHash: r.transactionHash.toLowerCase(),
          blockHash: r.blockHash.toLowerCase(),
          from: (d.raw.tx.from ?? d.from).toLowerCase(),
          to: d.raw.tx.to ? d.raw.tx.to.toLowerCase() : null,
          gasUsed: num(r.gasUsed),
          effectiveGasPrice: num(r.effectiveGasPrice),
          l1Fee: r.l1Fee ? num(r.l1Fee) : null,
          logs: r.logs.map((l: AnyLog) => toLog(l, fb)),
        });
        out.push({ file: name, chainId: Number(d.chainId), receipts, logs: receipts[0]!.logs });
        continue;
      }
      const chainId = CHAIN_IDS[name.split("_")[0]!] ?? 1;
      const rs: { r: Record<string, unknown>; tx: Record<string, unknown> | null }[] = d.receipts
        ? d.receipts.map((r: Record<string, unknown>) => ({ r, tx: null }))
        : d.ethereum.transactions.map((t: Record<string, unknown>) => ({ r: t.receipt, tx: t }));
      for (const { r, tx } of rs) {
        const hash = String(r.transactionHash ?? tx?.hash).toLowerCase();
        const fb = { block: BigInt(String(r.blockNumber)), blockHash: String(r.blockHash), tx: hash };
        const l1 = (r.l1FeeInfo as { l1Fee?: string } | undefined)?.l1Fee ?? (r.l1Fee as string | undefined);
        receipts.push({
          transactionHash: hash,
          blockHash: String(r.blockHash).toLowerCase(),
          from: String(r.from ?? tx?.from).toLowerCase(),
          to: r.to ? String(r.to).toLowerCase() : tx?.to ? String(tx.to).toLowerCase() : null,
          gasUsed: num(r.gasUsed as string),
          effectiveGasPrice: num(r.effectiveGasPrice as string),
          l1Fee: l1 ? num(l1) : null,
          logs: ((r.logs as AnyLog[] | undefined) ?? []).map((l) => toLog(l, fb)),
        });
      }
      out.push({ file: name, chainId, receipts, logs: receipts.flatMap((r) => r.logs) });
    }
  }
  return out;
}
