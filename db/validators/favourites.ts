// The favourites contract (/favorites; persisted, unlike the
// prototype): the list's query string, the sitter cards, the cheap id list the toggles read, and
// the answer of an add or a remove. Card fields are the search card's own (db/validators/search.ts),
// so a sitter reads the same on /search and on /favorites.
import { z } from "zod";
import { idParam } from "./ids";
import { searchCardSchema } from "./search";

/** The /favorites filter's longest text (the input stops there too). */
export const FAVOURITES_FILTER_MAX_LENGTH = 100;

export const favouritesQuerySchema = z
  .object({
    /** Text on the sitter's name or city (accents and case folded). */
    q: z.string().trim().max(FAVOURITES_FILTER_MAX_LENGTH, "validation.maxChars").optional(),
  })
  .strict();
export type FavouritesQuery = z.infer<typeof favouritesQuerySchema>;

/** PUT and DELETE /api/favourites/{babysitterId}. */
export const favouriteParamsSchema = z.object({ babysitterId: idParam });

export const favouriteCardSchema = searchCardSchema
  .pick({
    id: true,
    first_name: true,
    last_name: true,
    photo_url: true,
    rating: true,
    total_reviews: true,
    hourly_rate_cents: true,
    city: true,
    bio: true,
    experience_years: true,
    is_verified: true,
    languages: true,
    specialties: true,
  })
  .extend({
    /** When the parent added this sitter (UTC ISO-8601); the list is newest first. */
    favourited_at: z.string(),
  })
  .meta({ id: "FavouriteCard" });
export type FavouriteCard = z.infer<typeof favouriteCardSchema>;

export const favouritesListSchema = z.object({
  /** The cards matching `q`, newest favourite first. */
  favourites: z.array(favouriteCardSchema),
  /** How many favourites the parent has, whatever `q` (tells "no favourite yet" from "no match"). */
  total: z.number().int(),
});
export type FavouritesList = z.infer<typeof favouritesListSchema>;

export const favouriteIdsSchema = z.object({ ids: z.array(z.string()) });

export const favouriteChangeSchema = z.object({
  babysitter_id: z.string(),
  /** The state after the call: true after PUT, false after DELETE (both idempotent). */
  favourite: z.boolean(),
});
