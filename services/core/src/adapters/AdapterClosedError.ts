import { TapelineError } from "../errors.ts";

/** Thrown when a bus, queue or cache is used after its `close()`. Not retryable: the adapter is gone. */
export class AdapterClosedError extends TapelineError {
  override name = "AdapterClosedError";
  constructor(adapter: string) {
    super(`${adapter} is closed`);
  }
}
