import type { z } from "zod";

/** The part of a JSON Schema the OpenAPI document shows for one parameter. */
export type ParamDoc = Record<string, unknown> & { type?: string | string[] };

/** Metadata key under which a parameter schema carries its documented JSON Schema. */
export const OPENAPI_META_KEY = "openapi";

/**
 * Attaches the JSON Schema that the OpenAPI document shows for `schema`. Query values arrive as
 * strings and are parsed by transforms, which JSON Schema cannot express; the document shows the
 * value's meaning instead (`{ type: "integer", minimum: 1 }` rather than a string pattern).
 */
export function documented<T extends z.ZodType>(schema: T, doc: ParamDoc): T {
  return schema.meta({ [OPENAPI_META_KEY]: doc }) as T;
}
