/**
 * A stored SOL/USD minute older than this before a swap's own minute is not that swap's rate:
 * the swap's USD value is then unknown (null). The ingest writer values candle-bucket USD volume
 * by the same rule, so the trade tape and the candles agree on every swap.
 */
export const USD_RATE_MAX_AGE_MS = 3_600_000;
