/** `meta` of every successful response: `asOf` plus endpoint-specific fields. */
export type Meta = { asOf: number } & Record<string, unknown>;

/** The success envelope `{ data, meta: { asOf, ... } }`. */
export function envelope<T>(data: T, meta: Record<string, unknown> = {}, asOf = Date.now()) {
  return { data, meta: { asOf, ...meta } as Meta };
}
