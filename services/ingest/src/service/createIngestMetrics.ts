import { Counter, Gauge, type Registry } from "prom-client";

/** Failed steps in a row after which the worker reports its chain as not ready. */
export const FAILING_AFTER = 3;

/** The ingest worker's Prometheus metrics, labelled by chain, and its step health. */
export type IngestMetrics = {
  /** a range (batch of slots) written with its checkpoint */
  written(p: { head: bigint; indexed: bigint; inserted: number }): void;
  reorg(): void;
  /** a step (RPC reads, decoding, the batch write) failed and is retried */
  failed(error: string): void;
  /** a step completed (written, or caught up with the head) */
  succeeded(): void;
  /** failed steps in a row, and the last one's error */
  health(): { failures: number; lastError: string | null };
};

/**
 * Registers `ingest_head_block`, `ingest_indexed_block`, `ingest_trades_inserted_total`,
 * `ingest_reorgs_total`, `ingest_retries_total`, `ingest_consecutive_failures` and
 * `ingest_failing` (1 once {@link FAILING_AFTER} steps failed in a row) on `registry`.
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
  const consecutive = new Gauge({
    name: "ingest_consecutive_failures",
    help: "Failed steps in a row (0 after a step succeeds)",
    labelNames,
    registers,
  });
  const failing = new Gauge({
    name: "ingest_failing",
    help: `Whether the last ${FAILING_AFTER} or more steps all failed (1) or not (0)`,
    labelNames,
    registers,
  });
  const labels = { chain };
  let failures = 0;
  let lastError: string | null = null;
  consecutive.set(labels, 0);
  failing.set(labels, 0);
  const succeeded = () => {
    failures = 0;
    lastError = null;
    consecutive.set(labels, 0);
    failing.set(labels, 0);
  };
  return {
    written(p) {
      head.set(labels, Number(p.head));
      indexed.set(labels, Number(p.indexed));
      inserted.inc(labels, p.inserted);
      succeeded();
    },
    reorg: () => reorgs.inc(labels),
    failed(error) {
      failures++;
      lastError = error;
      retries.inc(labels);
      consecutive.set(labels, failures);
      failing.set(labels, failures >= FAILING_AFTER ? 1 : 0);
    },
    succeeded,
    health: () => ({ failures, lastError }),
  };
}
