// One folding of place names and search words, shared by the commune import (stored folded names)
// and the search service (typed words): lowercase, no accents, ligatures spelled out, anything but
// letters and digits turned into single spaces. "Saint-Étienne" and "st etienne" both give
// "saint etienne".

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
