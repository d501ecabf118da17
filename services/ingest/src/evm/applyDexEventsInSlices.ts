import {
  type ApplyContext,
  type ApplyResult,
  applyDexEvents,
  type EvmHeader,
  type EvmReceipt,
} from "./applyDexEvents.ts";
import type { DexEvent } from "./decoders/DexEvent.ts";
import type { EvmMarketState } from "./EvmMarketState.ts";

/**
 * Events applied, or logs decoded, between two turns of the event loop: a write in flight waits
 * at most a millisecond or two for its next query to go out.
 */
export const EVENTS_PER_TURN = 250;

/**
 * {@link applyDexEvents} over slices of about `sliceSize` events cut at block boundaries, giving
 * the event loop a turn between slices, so a write in flight (its queries' replies) progresses
 * while a large range is applied. The result is the one applyDexEvents gives for all events at
 * once: it settles derived prices and the minute's native price at every block's end anyway.
 */
export async function applyDexEventsInSlices(
  events: readonly DexEvent[],
  headers: ReadonlyMap<bigint, EvmHeader>,
  receipts: ReadonlyMap<string, EvmReceipt>,
  state: EvmMarketState,
  ctx: ApplyContext,
  sliceSize = EVENTS_PER_TURN,
): Promise<ApplyResult> {
  const out: ApplyResult = { trades: [], touched: new Set(), nativePrices: new Map() };
  let start = 0;
  while (start < events.length) {
    let end = Math.min(start + sliceSize, events.length);
    while (end < events.length && events[end]!.block === events[end - 1]!.block) end++;
    const part = applyDexEvents(events.slice(start, end), headers, receipts, state, ctx);
    for (const t of part.trades) out.trades.push(t);
    for (const m of part.touched) out.touched.add(m);
    for (const [minute, p] of part.nativePrices) out.nativePrices.set(minute, p);
    start = end;
    if (start < events.length) await new Promise<void>((resolve) => setImmediate(resolve));
  }
  return out;
}
