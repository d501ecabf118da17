import { TapelineError } from "@tapeline/core";

/** Why a metadata document was not taken; stored with the token so a refresh can try again. */
export type MetadataFetchFailure =
  | "BAD_URL"
  | "PRIVATE_ADDRESS"
  | "TIMEOUT"
  | "TOO_LARGE"
  | "BAD_CONTENT_TYPE"
  | "HTTP_STATUS"
  | "TOO_MANY_REDIRECTS"
  | "BAD_JSON"
  | "NETWORK";

/** A metadata fetch that failed; `failure` says why. */
export class MetadataFetchError extends TapelineError {
  override name = "MetadataFetchError";
  constructor(
    readonly failure: MetadataFetchFailure,
    message: string,
  ) {
    super(message);
  }
}
