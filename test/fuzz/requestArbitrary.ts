import fc from "fast-check";

/** Values the target knows, so part of the generated requests reach its stores. */
export type FuzzHints = { chains: string[]; pools: string[]; tokens: string[]; wallets: string[] };

/** One generated request. `oversize` asks the sender for a body over any sane bound. */
export type FuzzRequest = {
  method: string;
  path: string;
  /** The raw query string, without `?`. */
  query: string;
  headers: Record<string, string>;
  body?: string;
  /** "declared": a huge Content-Length with a short body; "chunked": a real 300 kB chunked body */
  oversize?: "declared" | "chunked";
};

type Schema = Record<string, unknown>;
type Param = { name: string; required?: boolean; schema?: Schema };
type Operation = { parameters?: Param[]; requestBody?: { content?: Record<string, { schema?: Schema }> } };

const SOLANA_NATIVE = "So11111111111111111111111111111111111111112";

/** Strings no parser should choke on: encodings, controls, look-alikes, numbers out of range. */
const GARBAGE = [
  "",
  " ",
  "\u0000",
  "\uFEFF",
  "\uFEFFevm:1",
  "evm:1 ",
  " solana",
  "evm:0",
  "evm:-1",
  "evm:99999999999999999999999",
  "evm:1e3",
  "0x",
  "0X",
  "null",
  "undefined",
  "true",
  "[]",
  "{}",
  "NaN",
  "Infinity",
  "-Infinity",
  "-0",
  "1e400",
  "9".repeat(400),
  "-9007199254740993",
  "9007199254740993",
  "0x1a209bbfc25",
  "1_000",
  "1.",
  ".5",
  "+1",
  "  12  ",
  "constructor",
  "__proto__",
  "toString",
  "hasOwnProperty",
  "'; drop table trades; --",
  "\\",
  "%",
  "%%",
  "%00",
  "%E0%A4%A",
  "%C0%AF",
  "\ud800",
  "😀".repeat(50),
  "a".repeat(5000),
  "\r\n",
  "<script>",
];

/** A query-string value for a parameter: mostly valid, at or past its bounds, or garbage. */
function paramValue(name: string, schema: Schema, hints: FuzzHints): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 8, arbitrary: validValue(name, schema, hints) },
    { weight: 1, arbitrary: wildValue() },
  );
}

/** Garbage, unicode (graphemes and raw code units) and numbers past any bound. */
function wildValue(): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...GARBAGE) },
    { weight: 1, arbitrary: fc.string({ maxLength: 40 }) },
    { weight: 1, arbitrary: fc.string({ unit: "grapheme", maxLength: 20 }) },
    { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 20 }) },
    { weight: 1, arbitrary: fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }).map(String) },
  );
}

/** A value the parameter's schema describes (its enum, examples, range and edges), or a known id. */
function validValue(name: string, schema: Schema, hints: FuzzHints): fc.Arbitrary<string> {
  const valid: fc.Arbitrary<string>[] = [];
  const enumValues = schema.enum as unknown[] | undefined;
  if (enumValues?.length) valid.push(fc.constantFrom(...enumValues.map(String)));
  const min = schema.minimum as number | undefined;
  const max = schema.maximum as number | undefined;
  if (schema.type === "integer" || schema.type === "number") {
    const lo = min ?? 0;
    const hi = max ?? 2 ** 40;
    valid.push(fc.integer({ min: Math.max(lo, -(2 ** 50)), max: Math.min(hi, 2 ** 50) }).map(String));
    valid.push(fc.constantFrom(...[lo, hi, lo - 1, hi + 1].map(String)));
    valid.push(fc.constantFrom(String(Date.now()), String(Math.floor(Date.now() / 1000)), "0"));
    if (schema.type === "number") valid.push(fc.double({ min: 0, max: 1e6, noNaN: true }).map(String));
  }
  if (schema.type === "boolean") valid.push(fc.constantFrom("true", "false"));
  const examples = schema.examples as unknown[] | undefined;
  if (examples?.length) valid.push(fc.constantFrom(...examples.map(String)));
  const lower = name.toLowerCase();
  if (lower.includes("chain")) valid.push(fc.constantFrom(...hints.chains, "solana:solana", "evm:8453"));
  if (lower === "address" || lower.includes("token") || lower.includes("pool")) {
    const one = fc.constantFrom(
      ...hints.pools,
      ...hints.tokens,
      SOLANA_NATIVE,
      `0x${"e".repeat(40)}`,
      `0x${"0".repeat(40)}`,
    );
    valid.push(one);
    valid.push(fc.array(one, { minLength: 1, maxLength: 60 }).map((a) => a.join(",")));
  }
  if (lower.includes("maker") || lower.includes("wallet")) valid.push(fc.constantFrom(...hints.wallets));
  if (lower === "cursor") valid.push(cursor());
  if (lower === "windows" || lower === "include") {
    valid.push(fc.constantFrom("5m", "1h", "6h", "24h", "5m,1h", "traderTxCounts", "5m,,1h", ","));
  }
  if (valid.length === 0) valid.push(fc.constantFrom("1", "5m", "1h", "24h", "desc", "asc", "usd", "native"));
  return fc.oneof(...valid);
}

/** A trade cursor: well formed, crafted (ids with NUL, indexes past integer) or noise. */
function cursor(): fc.Arbitrary<string> {
  const field = fc.oneof(
    fc.integer({ min: -10, max: 2 ** 31 + 10 }),
    fc.constantFrom(2 ** 31, 2 ** 53, -1, 1.5, 1e308),
    fc.string({ maxLength: 12 }),
    fc.constantFrom("0xabc\u0000:1", "\ud800", "", null, true, [], {}),
  );
  const crafted = fc
    .tuple(fc.constantFrom(1, 2, 0), fc.constantFrom(0, 1), field, field, field, field)
    .map((t) => Buffer.from(JSON.stringify(t)).toString("base64url"));
  const good = fc
    .tuple(
      fc.constantFrom(0, 1),
      fc.integer({ min: 0, max: 2 ** 45 }),
      fc.nat(),
      fc.nat(2 ** 31 - 1),
      fc.string(),
    )
    .map(([o, at, b, li, id]) => Buffer.from(JSON.stringify([1, o, at, b, li, id])).toString("base64url"));
  return fc.oneof(good, crafted, fc.base64String({ maxLength: 80 }), fc.string({ maxLength: 30 }));
}

/** A JSON value shaped by `schema` (with wrong types, extra keys and bounds overstepped now and then). */
function jsonValue(
  schema: Schema | undefined,
  hints: FuzzHints,
  key: string,
  depth: number,
): fc.Arbitrary<unknown> {
  const wrong = fc.oneof(
    fc.constantFrom(null, true, 0, -1, 1.5, 2 ** 53, 1e308, "", "x", [], {}, "constructor", "__proto__"),
    fc.jsonValue({ maxDepth: 2 }),
  );
  if (!schema || depth > 6) return wrong;
  const oneOf = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  const shaped = ((): fc.Arbitrary<unknown> => {
    if (oneOf?.length) return fc.oneof(...oneOf.map((s) => jsonValue(s, hints, key, depth + 1)));
    if (schema.enum) return fc.constantFrom(...(schema.enum as unknown[]));
    if (schema.default !== undefined && !schema.type) return fc.constant(schema.default);
    switch (schema.type) {
      case "object": {
        const props = (schema.properties ?? {}) as Record<string, Schema>;
        const required = new Set((schema.required ?? []) as string[]);
        const entries = Object.entries(props).map(([k, s]) => {
          const v = jsonValue(s, hints, k, depth + 1);
          return [
            k,
            required.has(k)
              ? fc.oneof({ weight: 12, arbitrary: v }, { weight: 1, arbitrary: fc.constant(undefined) })
              : fc.option(v, { nil: undefined }),
          ] as const;
        });
        return fc
          .tuple(
            fc.record(Object.fromEntries(entries)),
            fc.option(
              fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 2 }),
              { freq: 10, nil: null },
            ),
          )
          .map(([o, extra]) => {
            const out: Record<string, unknown> = {};
            for (const [k, v] of Object.entries(o)) if (v !== undefined) out[k] = v;
            return extra ? { ...extra, ...out } : out;
          });
      }
      case "array": {
        const min = (schema.minItems as number | undefined) ?? 0;
        const max = (schema.maxItems as number | undefined) ?? 8;
        const item = jsonValue(schema.items as Schema | undefined, hints, key, depth + 1);
        return fc.oneof(
          { weight: 8, arbitrary: fc.array(item, { minLength: min, maxLength: Math.min(max, 12) }) },
          { weight: 1, arbitrary: fc.constant([]) },
          // one past the bound, every entry the same generated item
          { weight: 1, arbitrary: item.map((v) => Array(max + 1).fill(v)) },
        );
      }
      case "integer":
      case "number": {
        const lo = (schema.minimum as number | undefined) ?? 0;
        const hi = (schema.maximum as number | undefined) ?? 2 ** 40;
        return fc.oneof(
          fc.integer({ min: Math.max(lo, -(2 ** 50)), max: Math.min(hi, 2 ** 50) }),
          fc.constantFrom(lo, hi, lo - 1, hi + 1, Date.now(), Math.floor(Date.now() / 1000)),
        );
      }
      case "boolean":
        return fc.boolean();
      case "string":
        return paramValue(key, schema, hints);
      default:
        return wrong;
    }
  })();
  return fc.oneof({ weight: 40, arbitrary: shaped }, { weight: 1, arbitrary: wrong });
}

/** A body text for `schema`: shaped JSON mostly, else deep, broken or foreign text. */
function bodyText(schema: Schema | undefined, hints: FuzzHints): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 16, arbitrary: jsonValue(schema, hints, "body", 0).map((v) => JSON.stringify(v) ?? "null") },
    { weight: 1, arbitrary: fc.integer({ min: 1, max: 20_000 }).map((n) => "[".repeat(n) + "]".repeat(n)) },
    {
      weight: 1,
      arbitrary: fc.integer({ min: 1, max: 5_000 }).map((n) => `${'{"a":'.repeat(n)}1${"}".repeat(n)}`),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        "",
        "{",
        "nul",
        "{'a':1}",
        '{"items":[1,]}',
        "\uFEFF{}",
        '"\\ud800"',
        "1e99999",
      ),
    },
    { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 200 }) },
  );
}

/** Percent-encodes the UTF-8 bytes of `s` (a lone surrogate becomes U+FFFD, as a client sends it). */
function pct(s: string): string {
  let out = "";
  for (const b of Buffer.from(s, "utf8")) {
    const c = String.fromCharCode(b);
    out += /[A-Za-z0-9\-_.~]/.test(c) ? c : `%${b.toString(16).padStart(2, "0").toUpperCase()}`;
  }
  return out;
}

function queryString(params: Param[], hints: FuzzHints): fc.Arbitrary<string> {
  const pairs = params.map((p) => {
    const v = fc
      .tuple(validValue(p.name, p.schema ?? {}, hints), wildValue(), fc.nat(9))
      .map(([valid, wild, roll]) => [p.name, roll === 0 ? wild : valid] as const);
    return p.required
      ? fc.oneof({ weight: 12, arbitrary: v }, { weight: 1, arbitrary: fc.constant(null) })
      : fc.option(v, { freq: 2, nil: null });
  });
  const extra = fc.constantFrom<[string, string][]>(
    [],
    [],
    [],
    [["bogus", "1"]],
    [["", "x"]],
    [
      ["limit", "1"],
      ["limit", "2"],
    ],
    [["__proto__", "1"]],
    [["constructor", "x"]],
    [["chain[]", "evm:1"]],
    ...Array<[string, string][]>(12).fill([]),
  );
  return fc.tuple(fc.tuple(...pairs), extra, fc.boolean()).map(([set, more, raw]) => {
    const all = [...set.filter((p): p is readonly [string, string] => p !== null), ...more];
    // now and then a value goes unencoded, as a careless client sends it
    return all
      .map(([k, v]) => `${pct(k)}=${raw && /^[\x21-\x7e]*$/.test(v) && !/[#&]/.test(v) ? v : pct(v)}`)
      .join("&");
  });
}

/**
 * Requests for every operation of an OpenAPI document: each query parameter valid, at and past
 * its bounds, garbage, unicode or huge numbers, or missing, plus unknown and repeated parameters;
 * bodies shaped by the operation's schema with wrong types, extra keys and lists past their bounds,
 * deep or broken JSON, foreign content types and encodings, and bodies over the size bound; the
 * key valid, missing or wrong.
 */
export function requestArbitrary(
  openapi: Record<string, unknown>,
  hints: FuzzHints,
  apiKey: string,
): fc.Arbitrary<FuzzRequest> {
  const paths = openapi.paths as Record<string, Record<string, Operation>>;
  const ops: fc.Arbitrary<FuzzRequest>[] = [];
  for (const [path, methods] of Object.entries(paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const bodySchema = op.requestBody?.content?.["application/json"]?.schema;
      const hasBody = method === "post";
      ops.push(
        fc
          .record({
            query: queryString(op.parameters ?? [], hints),
            body: hasBody ? bodyText(bodySchema, hints) : fc.constant(undefined),
            auth: fc.constantFrom<string | null>(
              apiKey,
              apiKey,
              apiKey,
              apiKey,
              apiKey,
              apiKey,
              null,
              "tl_wrong",
              ` ${apiKey}`,
            ),
            contentType: fc.constantFrom(
              "application/json",
              "application/json",
              "application/json",
              "application/json; charset=utf-8",
              "text/plain",
              "application/json; charset=latin1",
              null,
            ),
            encoding: fc.constantFrom<string | null>(
              null,
              null,
              null,
              null,
              null,
              null,
              null,
              null,
              "gzip",
              "br",
              "deflate",
              "x-unknown",
            ),
            oversize: fc.constantFrom<FuzzRequest["oversize"] | null>(
              ...Array(60).fill(null),
              "declared",
              "chunked",
            ),
            pathVariant: fc.constantFrom(path, path, path, path, path, `${path}/`, path.toUpperCase()),
          })
          .map((r) => {
            const headers: Record<string, string> = {};
            if (r.auth !== null) headers.authorization = r.auth;
            if (hasBody && r.contentType !== null) headers["content-type"] = r.contentType;
            if (hasBody && r.encoding !== null) headers["content-encoding"] = r.encoding;
            return {
              method: method.toUpperCase(),
              path: r.pathVariant,
              query: r.query,
              headers,
              ...(r.body !== undefined ? { body: r.body } : {}),
              ...(hasBody && r.oversize ? { oversize: r.oversize } : {}),
            };
          }),
      );
    }
  }
  return fc.oneof(...ops);
}
