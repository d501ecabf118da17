import { type ApiError, toApiError } from "./errors.ts";

/** One slot of a batch answer: the single call's body, or that item's error alone. */
export type BatchSlot<T> = { data: T } | { error: { code: string; message: string } };

/** True when a slot holds data (so it is billed). */
export function isServed<T>(slot: BatchSlot<T>): slot is { data: T } {
  return "data" in slot;
}

/** The `{ error }` slot for an error; details are kept off slots to stay within the spec shape. */
export function errorSlot(err: ApiError): BatchSlot<never> {
  return { error: { code: err.code, message: err.message } };
}

/**
 * Runs `fn` on every item with bounded concurrency and answers one slot per input, in input
 * order. A failing item fails alone; no slot is ever omitted.
 */
export async function runBatch<I, T>(
  items: readonly I[],
  fn: (item: I, index: number) => Promise<T>,
  concurrency = 16,
): Promise<BatchSlot<T>[]> {
  const slots: BatchSlot<T>[] = new Array(items.length);
  let next = 0;
  async function lane(): Promise<void> {
    while (next < items.length) {
      const i = next++;
      try {
        slots[i] = { data: await fn(items[i] as I, i) };
      } catch (err) {
        slots[i] = errorSlot(toApiError(err));
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, lane));
  return slots;
}
