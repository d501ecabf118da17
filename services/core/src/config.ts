/**
 * Configuration: one validated object read from the environment. Every field documents its
 * variable and default; every error is collected, then reported together.
 */
export class ConfigError extends Error {
  override name = "ConfigError";
  constructor(readonly problems: string[]) {
    super(`invalid configuration:\n  - ${problems.join("\n  - ")}`);
  }
}

type Env = Record<string, string | undefined>;

/** A small reader that records problems instead of throwing at the first one. */
export function createEnvReader(env: Env = process.env) {
  const problems: string[] = [];
  return {
    problems,
    string(name: string, def?: string): string {
      const v = env[name];
      if (v === undefined || v === "") {
        if (def === undefined) problems.push(`${name} is required`);
        return def ?? "";
      }
      return v;
    },
    optional(name: string): string | undefined {
      const v = env[name];
      return v === undefined || v === "" ? undefined : v;
    },
    int(name: string, def: number, min = Number.MIN_SAFE_INTEGER, max = Number.MAX_SAFE_INTEGER): number {
      const v = env[name];
      if (v === undefined || v === "") return def;
      const n = Number(v);
      if (!Number.isInteger(n) || n < min || n > max) {
        problems.push(`${name} must be an integer in [${min}, ${max}], got ${JSON.stringify(v)}`);
        return def;
      }
      return n;
    },
    bool(name: string, def: boolean): boolean {
      const v = env[name];
      if (v === undefined || v === "") return def;
      if (v === "true" || v === "1") return true;
      if (v === "false" || v === "0") return false;
      problems.push(`${name} must be true or false, got ${JSON.stringify(v)}`);
      return def;
    },
    oneOf<T extends string>(name: string, values: readonly T[], def: T): T {
      const v = env[name];
      if (v === undefined || v === "") return def;
      if (!values.includes(v as T)) {
        problems.push(`${name} must be one of ${values.join(", ")}, got ${JSON.stringify(v)}`);
        return def;
      }
      return v as T;
    },
    /** Throws a ConfigError listing every problem met so far. */
    done(): void {
      if (problems.length > 0) throw new ConfigError(problems);
    },
  };
}
