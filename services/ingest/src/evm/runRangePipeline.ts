/** The two stages of {@link runRangePipeline}. */
export type RangePipelineStages<P> = {
  /**
   * Reads, decodes and applies the next range to memory; null when there is nothing more to
   * write now (caught up, or a reorg found: the caller handles it once the pipeline returns).
   */
  prepare(): Promise<P | null>;
  /** Writes a prepared range (one transaction with its checkpoint). */
  write(prepared: P): Promise<void>;
  /** Checked before each range: true stops after the range being written. */
  stopped?(): boolean;
  /** Drops a prepared range that will not be written (its effect on memory must be undone). */
  discard?(prepared: P): void;
};

/**
 * Runs ranges through two overlapping stages: range r+1 is prepared while range r is written.
 * Writes go out one at a time in range order, and r+1's only after r's committed, so a reorg
 * or an empty result seen while preparing r+1 is acted on with r in the database. A range
 * prepared ahead of a failed write or a stop is discarded, never written. Resolves once the
 * last write committed; rejects with the first failure, after any write in flight settled.
 */
export async function runRangePipeline<P>(stages: RangePipelineStages<P>): Promise<void> {
  let writing: Promise<void> | null = null;
  try {
    while (!stages.stopped?.()) {
      const prepared = await stages.prepare();
      if (writing) {
        const previous = writing;
        writing = null;
        try {
          await previous;
        } catch (err) {
          if (prepared !== null) stages.discard?.(prepared);
          throw err;
        }
      }
      if (prepared === null) return;
      if (stages.stopped?.()) {
        stages.discard?.(prepared);
        return;
      }
      writing = stages.write(prepared);
      // a failure is collected by the loop; this only keeps it from counting as unhandled meanwhile
      writing.catch(() => {});
    }
    if (writing) await writing;
  } catch (err) {
    await writing?.catch(() => {});
    throw err;
  }
}
