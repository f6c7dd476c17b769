// One folding of names and search words, shared by the commune import (stored folded names), the
// search service (typed words) and the favourites filter: lowercase, no accents, ligatures spelled
// out, anything but letters and digits turned into single spaces. "Saint-Étienne" and "st etienne"
// both give "saint etienne".

/** "L'Haÿ-les-Roses" -> "l hay les roses". */
export function foldName(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/œ/g, "oe")
    .replace(/æ/g, "ae")
    .replace(/ß/g, "ss")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

const ABBREVIATIONS: Record<string, string> = { st: "saint", ste: "sainte" };

/** What a person types for a commune: folded, with the usual abbreviations ("St-Malo") spelled out. */
export function foldPlaceQuery(text: string): string {
  return foldName(text)
    .split(" ")
    .map((word, i, words) => (i < words.length - 1 && ABBREVIATIONS[word]) || word)
    .join(" ");
}

/** Every word of `query` appears somewhere in `haystack`, both folded: an empty query matches all. */
export function matchesAllWords(query: string, haystack: string): boolean {
  const folded = foldName(haystack);
  return foldName(query)
    .split(" ")
    .filter(Boolean)
    .every((word) => folded.includes(word));
}
