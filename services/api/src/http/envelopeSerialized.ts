import { SerializedJson } from "./SerializedJson.ts";

const OPEN = '{"data":';

/**
 * The envelope `{ data, meta: { asOf } }` written around data already serialized (a shard's
 * answer), byte for byte what serializing `envelope(data)` gives, without parsing the data.
 * `data` must be valid JSON text.
 */
export function envelopeSerialized(data: Buffer, asOf = Date.now()): SerializedJson {
  return new SerializedJson([OPEN, data, `,"meta":{"asOf":${asOf}}}`]);
}
