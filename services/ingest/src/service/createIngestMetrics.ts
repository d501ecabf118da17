import { Counter, Gauge, type Registry } from "prom-client";

/** The ingest worker's Prometheus metrics, labelled by chain. */
export type IngestMetrics = {
  /** a range (batch of slots) written with its checkpoint */
  written(p: { head: bigint; indexed: bigint; inserted: number }): void;
  reorg(): void;
  retry(): void;
};

/**
 * Registers `ingest_head_block`, `ingest_indexed_block`, `ingest_trades_inserted_total`,
 * `ingest_reorgs_total` and `ingest_retries_total` on `registry`.
 */
export function createIngestMetrics(registry: Registry, chain: string): IngestMetrics {
  const labelNames = ["chain"] as const;
  const registers = [registry];
  const head = new Gauge({
    name: "ingest_head_block",
    help: "Chain head seen with the last write",
    labelNames,
    registers,
  });
  const indexed = new Gauge({
    name: "ingest_indexed_block",
    help: "Last block (slot) written with the checkpoint",
    labelNames,
    registers,
  });
  const inserted = new Counter({
    name: "ingest_trades_inserted_total",
    help: "Trades inserted by the live worker",
    labelNames,
    registers,
  });
  const reorgs = new Counter({
    name: "ingest_reorgs_total",
    help: "Reorgs rolled back",
    labelNames,
    registers,
  });
  const retries = new Counter({
    name: "ingest_retries_total",
    help: "Failed steps retried (RPC, database)",
    labelNames,
    registers,
  });
  const labels = { chain };
  return {
    written(p) {
      head.set(labels, Number(p.head));
      indexed.set(labels, Number(p.indexed));
      inserted.inc(labels, p.inserted);
    },
    reorg: () => reorgs.inc(labels),
    retry: () => retries.inc(labels),
  };
}
