import { provider as devTokens } from "./devTokens/provider.ts";
import { provider as funding } from "./funding/provider.ts";
import { provider as holders } from "./holders/provider.ts";
import { provider as identity } from "./identity/provider.ts";
import { provider as market } from "./market/provider.ts";
import { provider as portfolio } from "./portfolio/provider.ts";
import { provider as pulse } from "./pulse/provider.ts";
import type { QueryProvider } from "./QueryProvider.ts";
import { provider as search } from "./search/provider.ts";
import { provider as security } from "./security/provider.ts";
import { provider as traders } from "./traders/provider.ts";
import { provider as wallet } from "./wallet/provider.ts";

/**
 * The query providers every shard serves, merged in this order. A group of methods is added to
 * the shards by listing its provider here.
 */
export const queryProviders: readonly QueryProvider[] = [
  market,
  wallet,
  portfolio,
  search,
  pulse,
  traders,
  security,
  funding,
  holders,
  identity,
  devTokens,
];
