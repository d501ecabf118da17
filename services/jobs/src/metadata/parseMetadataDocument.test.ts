import { describe, expect, it } from "vitest";
import { parseMetadataDocument } from "./parseMetadataDocument.ts";
import { resolveMetadataUrl } from "./resolveMetadataUrl.ts";

const g = { ipfs: ["https://ipfs.example/", "https://gw2.example"], arweave: ["https://ar.example"] };

describe("resolveMetadataUrl", () => {
  it("rewrites ipfs:// and ar:// through every gateway and keeps https", () => {
    expect(resolveMetadataUrl("ipfs://QmX1/meta.json", g)).toEqual([
      "https://ipfs.example/ipfs/QmX1/meta.json",
      "https://gw2.example/ipfs/QmX1/meta.json",
    ]);
    expect(resolveMetadataUrl("ipfs://ipfs/QmX1", g)).toEqual([
      "https://ipfs.example/ipfs/QmX1",
      "https://gw2.example/ipfs/QmX1",
    ]);
    const id = "a".repeat(43);
    expect(resolveMetadataUrl(`ar://${id}`, g)).toEqual([`https://ar.example/${id}`]);
    expect(resolveMetadataUrl(" https://cdn.example/m.json ", g)).toEqual(["https://cdn.example/m.json"]);
  });
  it.each([
    "http://cdn.example/m.json",
    "file:///etc/passwd",
    "data:application/json,{}",
    "javascript:1",
    "ipfs://../x",
    "ar://short",
    "https://u:p@cdn.example/",
    "nonsense",
  ])("refuses %s", (uri) => {
    expect(() => resolveMetadataUrl(uri, g)).toThrow(expect.objectContaining({ failure: "BAD_URL" }));
  });
});

describe("parseMetadataDocument", () => {
  it("reads a pump.fun style document", () => {
    expect(
      parseMetadataDocument(
        {
          name: "Cat",
          symbol: "CAT",
          description: "  a cat  ",
          image: "ipfs://QmImg",
          twitter: "https://x.com/cat",
          telegram: "https://t.me/cat",
          website: "https://cat.example",
        },
        g,
      ),
    ).toEqual({
      iconUrl: "https://ipfs.example/ipfs/QmImg",
      headerUrl: null,
      websiteUrl: "https://cat.example/",
      twitterUrl: "https://x.com/cat",
      telegramUrl: "https://t.me/cat",
      discordUrl: null,
      description: "a cat",
    });
  });
  it("reads extensions, handles and banners, and drops what is not https on its network", () => {
    const f = parseMetadataDocument(
      {
        image: "http://insecure.example/i.png",
        banner: "https://cdn.example/b.png",
        extensions: { twitter: "@cat_x", discord: "https://evil.example/invite", telegram: "t.me/catgroup" },
        external_url: "javascript:alert(1)",
      },
      g,
    );
    expect(f).toEqual({
      iconUrl: null,
      headerUrl: "https://cdn.example/b.png",
      websiteUrl: null,
      twitterUrl: "https://x.com/cat_x",
      telegramUrl: "https://t.me/catgroup",
      discordUrl: null,
      description: null,
    });
  });
  it("answers all null for what is not a document", () => {
    for (const raw of [null, 42, "text", [1, 2]])
      expect(Object.values(parseMetadataDocument(raw, g)).every((v) => v === null)).toBe(true);
  });
});
