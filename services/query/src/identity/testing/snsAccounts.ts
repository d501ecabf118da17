import { PublicKey } from "@solana/web3.js";

/** Account data laid out as the SNS programs write it, for tests. */

/** A favourite-domain record: `tag u8, name_account [32]`. */
export const favouriteDomainData = (nameAccount: string) =>
  Buffer.concat([Buffer.from([1]), new PublicKey(nameAccount).toBuffer()]);

/** A name registry account: parent, owner, class (32 bytes each), then its data. */
export const nameRegistryData = (
  parent: string,
  owner: string,
  nameClass: string,
  data: Buffer = Buffer.alloc(0),
) =>
  Buffer.concat([
    new PublicKey(parent).toBuffer(),
    new PublicKey(owner).toBuffer(),
    new PublicKey(nameClass).toBuffer(),
    data,
  ]);

/** A reverse-lookup registry's data: `u32 LE length, utf-8 name`. */
export const reverseNameData = (name: string) => {
  const bytes = Buffer.from(name, "utf8");
  const len = Buffer.alloc(4);
  len.writeUInt32LE(bytes.length);
  return Buffer.concat([len, bytes]);
};
