import type { SolanaVenue } from "./SolanaVenue.ts";
import { jupiterOrderEngineVenue } from "./venues/jupiterOrderEngineVenue.ts";
import { meteoraDammV1Venue } from "./venues/meteoraDammV1Venue.ts";
import { meteoraDammV2Venue } from "./venues/meteoraDammV2Venue.ts";
import { meteoraDbcVenue } from "./venues/meteoraDbcVenue.ts";
import { meteoraDlmmVenue } from "./venues/meteoraDlmmVenue.ts";
import { moonitVenue } from "./venues/moonitVenue.ts";
import { orcaWhirlpoolVenue } from "./venues/orcaWhirlpoolVenue.ts";
import { pumpfunVenue } from "./venues/pumpfunVenue.ts";
import { pumpswapVenue } from "./venues/pumpswapVenue.ts";
import { raydiumAmmV4Venue } from "./venues/raydiumAmmV4Venue.ts";
import { raydiumClmmVenue } from "./venues/raydiumClmmVenue.ts";
import { raydiumCpmmVenue } from "./venues/raydiumCpmmVenue.ts";
import { raydiumLaunchlabVenue } from "./venues/raydiumLaunchlabVenue.ts";

/** Every Solana venue decoder, one per venue type. */
export const SOLANA_VENUES: readonly SolanaVenue[] = [
  pumpfunVenue,
  pumpswapVenue,
  raydiumAmmV4Venue,
  raydiumCpmmVenue,
  raydiumClmmVenue,
  raydiumLaunchlabVenue,
  orcaWhirlpoolVenue,
  meteoraDlmmVenue,
  meteoraDammV1Venue,
  meteoraDammV2Venue,
  meteoraDbcVenue,
  moonitVenue,
  jupiterOrderEngineVenue,
];
