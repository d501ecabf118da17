/** A running live worker as the ingest service drives it. */
export type IngestRunner = {
  /** Rejects with the error that stopped the worker on its own; resolves after stop(). */
  done: Promise<void>;
  /** Finishes the batch in progress (written with its checkpoint, in one transaction), then stops. */
  stop(): Promise<void>;
};
