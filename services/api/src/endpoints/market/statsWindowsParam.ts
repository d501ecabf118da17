import { STATS_WINDOWS } from "@tapeline/core";
import { z } from "zod";
import { csvParam } from "../../schema/csvParam.ts";

/** `windows`: CSV among 5m, 1h, 6h, 24h; default all four. */
export function statsWindowsParam() {
  return csvParam(z.enum(STATS_WINDOWS), {
    min: 1,
    max: 4,
    description: "stats windows among 5m, 1h, 6h, 24h (default: all)",
  })
    .optional()
    .transform((v) => v ?? [...STATS_WINDOWS]);
}
