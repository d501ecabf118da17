/** Thrown when a bus, queue or cache is used after its `close()`. Not retryable: the adapter is gone. */
export class AdapterClosedError extends Error {
  override name = "AdapterClosedError";
  readonly retryable = false;
  constructor(adapter: string) {
    super(`${adapter} is closed`);
  }
}
