// The line that says why a sitter ranks where it does ('Correspondance 87 % · proche de vous ·
// très bien notée'): the score, then the strongest parts of it. A part is named only when it is
// strong, so the line never praises a middling rate or a distant sitter.
import type { MatchParts, SearchCard } from "@db/validators/search";

export type MatchPart = keyof MatchParts;

/** In the order they are named when two parts are equally strong. */
const PARTS: readonly MatchPart[] = ["location", "rating", "availability", "price", "profile"];
/** A part (0-1) at least this high is worth naming. */
export const STRONG_PART = 0.75;
export const MAX_REASONS = 2;

export function matchReasons(card: Pick<SearchCard, "match_parts" | "total_reviews">): MatchPart[] {
  const parts = card.match_parts;
  return PARTS.filter((part) => parts[part] >= STRONG_PART)
    .filter((part) => part !== "rating" || card.total_reviews > 0) // no praise without reviews
    .sort((a, b) => parts[b] - parts[a] || PARTS.indexOf(a) - PARTS.indexOf(b))
    .slice(0, MAX_REASONS);
}

/** The score as shown: a whole percentage. */
export const scorePercent = (score: number) => Math.round(Math.min(100, Math.max(0, score)));
