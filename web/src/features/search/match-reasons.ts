// The line that says why a sitter ranks where it does ('Correspondance 87 % · proche de vous ·
// très bien notée'): the score, then the strongest parts of it (edge/services/matching.ts defines
// them, each 0-1). A part is named only when it is high enough to be true of the sitter, so the
// line never praises a middling rate or a distant sitter.
import type { MatchParts, SearchCard } from "@db/validators/search";

export type MatchPart = keyof MatchParts;

/** The least each part must reach to be named. */
export const STRONG_PARTS: Readonly<Record<MatchPart, number>> = {
  /** Within a quarter of the configured maximum distance (under 4 km with the default 15). */
  location: 0.75,
  /** 4.5 stars and up. */
  rating: 0.9,
  /** Available today (a slot on another day only gives 0.5). */
  availability: 1,
  /** In the cheaper quarter of the rates compared. */
  price: 0.75,
  /** Covers most of what was asked, or a nearly complete profile. */
  profile: 0.75,
};
export const MAX_REASONS = 2;

/** In the order they are named when two parts are equally strong. */
const PARTS = Object.keys(STRONG_PARTS) as MatchPart[];

export function matchReasons(card: Pick<SearchCard, "match_parts" | "total_reviews">): MatchPart[] {
  const parts = card.match_parts;
  return PARTS.filter((part) => parts[part] >= STRONG_PARTS[part])
    .filter((part) => part !== "rating" || card.total_reviews > 0) // no praise without reviews
    .sort((a, b) => parts[b] - parts[a] || PARTS.indexOf(a) - PARTS.indexOf(b))
    .slice(0, MAX_REASONS);
}

/** The score as shown: a whole percentage. */
export const scorePercent = (score: number) => Math.round(Math.min(100, Math.max(0, score)));
