/** The embedded PostgreSQL server could not be initialised, started or reached; `log` holds its last lines. */
export class EmbeddedPostgresError extends Error {
  override name = "EmbeddedPostgresError";
  readonly log: string[];
  constructor(message: string, opts: { log?: string[]; cause?: unknown } = {}) {
    const log = opts.log ?? [];
    super(log.length > 0 ? `${message}\n  ${log.join("\n  ")}` : message, { cause: opts.cause });
    this.log = log;
  }
}
