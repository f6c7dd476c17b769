import { ADMIN_SECTIONS, type AdminSection } from "./admin-sections";

/** Lower case without accents, so "geographie" finds "Géographie" and "IA" finds "ia". */
const fold = (text: string) => text.normalize("NFD").replace(/\p{M}/gu, "").toLocaleLowerCase("fr");

/**
 * The sections whose name or one-line description holds every word of `query` (in any order, as
 * parts of words: "rembours" finds "remboursements"), in sidebar order; all of them for an empty
 * query. `textOf` gives a section's name and description in the language shown.
 */
export function sectionsMatching(query: string, textOf: (section: AdminSection) => string): AdminSection[] {
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...ADMIN_SECTIONS];
  return ADMIN_SECTIONS.filter((section) => {
    const text = fold(textOf(section));
    return words.every((word) => text.includes(word));
  });
}
