import type { EndpointResult } from "../endpoint.ts";
import { SerializedJson } from "../http/SerializedJson.ts";
import { isDataSlot } from "./isDataSlot.ts";

/**
 * The batch envelope `{ data: [slot, ...], meta: { asOf, ...meta } }` written around the
 * serialized slots as they are, with the count of served (data) slots for billing.
 */
export function slotsBody(slots: readonly Buffer[], meta: Record<string, unknown> = {}): EndpointResult {
  const parts: (string | Buffer)[] = ['{"data":['];
  let servedItems = 0;
  slots.forEach((slot, i) => {
    if (i > 0) parts.push(",");
    parts.push(slot);
    if (isDataSlot(slot)) servedItems++;
  });
  parts.push(`],"meta":${JSON.stringify({ asOf: Date.now(), ...meta })}}`);
  return { body: new SerializedJson(parts), servedItems };
}
