// How search compares typed words with names, cities and bios. The database keeps each sitter's
// words folded (sitter_text, migration 0022_search_text) and a typed word is folded the same way
// here, by one character table, so both sides always agree. The table is what foldName() does
// (lowercase, accents off, œ -> oe, punctuation -> space) spelled out character by character,
// because SQLite has no Unicode folding of its own: lower() only knows A-Z (and would know more
// on a build with ICU), and without regular expressions SQL can only replace() one character at a
// time. It covers ASCII, Latin-1 and Latin Extended-A (every letter of French and of the European
// names a sitter may have), the usual combining accents, and the punctuation people type. A
// character outside it stays as it is on both sides: exact typing still finds it.
import { foldName } from "./fold";

/** Accents typed as a separate combining mark (text pasted from some systems): dropped. */
const COMBINING_ACCENTS = [0x300, 0x301, 0x302, 0x303, 0x304, 0x306, 0x307, 0x308, 0x30a, 0x30b, 0x30c, 0x327, 0x328];

/** Punctuation and spaces beyond ASCII: no-break spaces, dashes, quotes, bullets, ellipsis, guillemets. */
const SEPARATORS_BEYOND_ASCII = [0xa0, 0x2007, 0x202f, ...range(0x2010, 0x2027), ...range(0x2030, 0x203a)];

function range(first: number, last: number): number[] {
  return Array.from({ length: last - first + 1 }, (_, i) => first + i);
}

const isLetterOrDigit = (char: string) => /[\p{L}\p{N}]/u.test(char);

/** foldName()'s answer for one letter or digit; anything else parts words, as a space. */
const foldOne = (char: string): string => (isLetterOrDigit(char) ? foldName(char) : " ");

/** Each character the fold changes, with what it becomes. */
export const SEARCH_FOLDS: ReadonlyArray<readonly [from: string, to: string]> = (() => {
  const folds: [string, string][] = [];
  for (const code of [0x09, 0x0a, 0x0d, ...range(0x21, 0x7e), ...range(0xa0, 0x17f), ...SEPARATORS_BEYOND_ASCII]) {
    const char = String.fromCodePoint(code);
    const folded = foldOne(char);
    if (folded !== char) folds.push([char, folded]);
  }
  for (const code of COMBINING_ACCENTS) folds.push([String.fromCodePoint(code), ""]);
  return folds;
})();

const FOLD_OF = new Map(SEARCH_FOLDS);

/** The text as sitter_text stores it: each character through SEARCH_FOLDS, the others unchanged. */
export function foldForSearch(text: string): string {
  let folded = "";
  for (const char of text) folded += FOLD_OF.get(char) ?? char;
  return folded;
}

/** An SQL literal for a table entry: printable ASCII quoted, anything else char(code point). */
const sqlLiteral = (text: string) =>
  /^[\x20-\x7e]*$/.test(text) ? `'${text.replace(/'/g, "''")}'` : `char(${text.codePointAt(0)})`;

/**
 * SQLite's parser takes about 25 nested calls at most ("parser stack overflow" beyond), so the SQL
 * fold is cut in layers of this many replace() calls, each a view over the previous one: SQLite
 * flattens the views into one expression when it plans the query.
 */
export const SEARCH_FOLD_LAYER_SIZE = 20;

/**
 * The same fold in SQL: for each layer, its replace() calls around `expression`. Migration
 * 0022_search_text holds their output as the views sitter_text_fold_1 to _16 under
 * sitter_text_source (tests/unit/search-text.test.ts checks that the database and foldForSearch()
 * agree on every character of the table).
 */
export function searchFoldLayers(expression: string): string[] {
  const layers: string[] = [];
  for (let at = 0; at < SEARCH_FOLDS.length; at += SEARCH_FOLD_LAYER_SIZE) {
    layers.push(
      SEARCH_FOLDS.slice(at, at + SEARCH_FOLD_LAYER_SIZE).reduce(
        (inner, [from, to]) => `replace(${inner}, ${sqlLiteral(from)}, ${sqlLiteral(to)})`,
        expression,
      ),
    );
  }
  return layers;
}
