import { createHash } from "node:crypto";

/** Metaplex Token Metadata program: names, symbols and URIs of SPL tokens. */
export const METAPLEX_TOKEN_METADATA_PROGRAM = "metaqbxxUerdq28cj1RbAWkYQm3ybzjb6a8bt518x1s";

const interfaceDiscriminator = (name: string): string =>
  createHash("sha256").update(`spl_token_metadata_interface:${name}`).digest("hex").slice(0, 16);

/** `spl_token_metadata_interface` Initialize (name, symbol, uri), as hex of its 8-byte discriminator. */
export const TOKEN_METADATA_INITIALIZE = interfaceDiscriminator("initialize_account");
/** `spl_token_metadata_interface` UpdateField (field, value). */
export const TOKEN_METADATA_UPDATE_FIELD = interfaceDiscriminator("updating_field");

/** Token-2022 extension types read from mint accounts. */
export const EXTENSION_METADATA_POINTER = 18;
export const EXTENSION_TOKEN_METADATA = 19;
