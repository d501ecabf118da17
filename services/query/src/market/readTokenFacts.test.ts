import { describe, expect, it } from "vitest";
import { toTokenMetadata } from "./readTokenFacts.ts";

describe("toTokenMetadata", () => {
  it("serves an empty document as all unknown: every field null, dexPaid included", () => {
    expect(toTokenMetadata({})).toEqual({
      iconUrl: null,
      headerUrl: null,
      websiteUrl: null,
      twitterUrl: null,
      telegramUrl: null,
      discordUrl: null,
      description: null,
      dexPaid: null,
      dexPaidAt: null,
    });
  });

  it("serves a provider's answer as given, true or false", () => {
    expect(toTokenMetadata({ dexPaid: true, dexPaidAt: 1_700_000_000_000 })).toMatchObject({
      dexPaid: true,
      dexPaidAt: 1_700_000_000_000,
    });
    expect(toTokenMetadata({ dexPaid: false })).toMatchObject({ dexPaid: false, dexPaidAt: null });
  });

  it("treats values of the wrong type as unknown", () => {
    const m = toTokenMetadata({ dexPaid: "yes", dexPaidAt: "soon", iconUrl: 5, websiteUrl: "" });
    expect(m).toMatchObject({ dexPaid: null, dexPaidAt: null, iconUrl: null, websiteUrl: null });
  });
});
