import { z } from "zod";
import { documented } from "./documented.ts";

/** A query-string boolean: exactly `true` or `false`. */
export function boolParam(opts: { default?: boolean; description?: string } = {}) {
  const base = z.enum(["true", "false"], { error: "must be true or false" }).transform((v) => v === "true");
  const doc = documented(base, {
    type: "boolean",
    ...(opts.default !== undefined ? { default: opts.default } : {}),
    ...(opts.description ? { description: opts.description } : {}),
  });
  return opts.default !== undefined ? doc.default(opts.default) : doc;
}
