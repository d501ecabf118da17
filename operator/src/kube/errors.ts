/** An error answered by the Kubernetes API, with its HTTP status. */
export class KubeApiError extends Error {
  override name = "KubeApiError";
  constructor(
    readonly status: number,
    message: string,
    opts: { cause?: unknown } = {},
  ) {
    super(message, opts);
  }
}

/** 409: the object changed since it was read (or already exists). Requeued quietly, never logged as a failure. */
export class ConflictError extends KubeApiError {
  override name = "ConflictError";
}

/** Wraps an error from @kubernetes/client-node into a typed error carrying the API's message. */
export function toKubeApiError(err: unknown, what: string): unknown {
  const code = (err as { code?: unknown })?.code;
  if (typeof code !== "number") return err;
  const body = (err as { body?: unknown }).body;
  let detail = "";
  if (typeof body === "string") {
    try {
      detail = (JSON.parse(body) as { message?: string }).message ?? body;
    } catch {
      detail = body;
    }
  } else if (body && typeof body === "object") {
    detail = String((body as { message?: unknown }).message ?? "");
  }
  const message = `${what}: ${code}${detail ? ` ${detail}` : ""}`;
  return code === 409
    ? new ConflictError(code, message, { cause: err })
    : new KubeApiError(code, message, { cause: err });
}

/** Whether `err` is a 404 from the API. */
export function isNotFound(err: unknown): boolean {
  return (
    (err as { code?: unknown; status?: unknown })?.code === 404 ||
    (err as { status?: unknown })?.status === 404
  );
}
