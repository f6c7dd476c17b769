// Text comparison as people type it: "elodie" finds "Élodie", "coeur" finds "Cœur".
const LIGATURES: Record<string, string> = { œ: "oe", æ: "ae" };

/** Lower case, accents removed, French ligatures spelled out. */
export const foldText = (text: string): string =>
  text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[œæ]/g, (ligature) => LIGATURES[ligature]);

/** Every word of `query` appears somewhere in `haystack` (both folded); an empty query matches all. */
export function matchesAllWords(query: string, haystack: string): boolean {
  const folded = foldText(haystack);
  return foldText(query)
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => folded.includes(word));
}
