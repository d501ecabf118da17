import type { TradeRow } from "@tapeline/core";
import type { TradeFilters } from "./streamProtocol.ts";

/**
 * Whether a trade row passes a `trades` subscription's filters, with the REST tape's meaning: an
 * unknown amount or value never passes a minimum, `washOnly` keeps flagged trades only and
 * `excludeWash` drops them.
 */
export function matchesTradeFilters(row: TradeRow, f: TradeFilters): boolean {
  if (f.maker !== undefined && row.maker !== f.maker) return false;
  if (f.side !== undefined && row.isBuy !== (f.side === "buy")) return false;
  if (f.minAmountToken !== undefined && !(row.amountToken !== null && row.amountToken >= f.minAmountToken))
    return false;
  if (
    f.minVolumeNative !== undefined &&
    !(row.volumeNative !== null && row.volumeNative >= f.minVolumeNative)
  )
    return false;
  if (f.minVolumeUsd !== undefined && !(row.volumeUsd !== null && row.volumeUsd >= f.minVolumeUsd))
    return false;
  if (f.wash === "washOnly" && row.isWash !== true) return false;
  if (f.wash === "excludeWash" && row.isWash === true) return false;
  return true;
}
