// Comments state their rule in plain words, or point to a document in this repository (README.md,
// SECURITY.md, docs/*.md). They never cite the product brief's files, its section numbers or the
// tracker's issue numbers: a reader of the repository cannot open those. Comments are found by the
// TypeScript parser (every token's leading and trailing comments), so a "//" inside a string or a
// template literal is not one.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
/** The directories whose comments are checked. */
const CHECKED_DIRS = ["edge", "db", "scripts", "desktop", "tests", "web"] as const;
/** Not checked: generated SQL, build output, and this file (its patterns name what they refuse). */
const SKIPPED_PATHS = new Set(["db/migrations", "tests/unit/comment-citations.test.ts"]);
const SKIPPED_NAMES = new Set(["node_modules", "dist", "out", ".wrangler"]);
const SOURCE_FILE = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs)$/;

/** What a comment may not cite, each with what to write instead. */
const CITATIONS: { pattern: RegExp; instead: string }[] = [
  { pattern: /core-flows/i, instead: "the rule itself" },
  { pattern: /money-and-operations/i, instead: "the rule itself" },
  { pattern: /design-card/i, instead: "the rule itself" },
  { pattern: /\bDESIGN\.md\b/i, instead: "the rule itself, or docs/architecture.md" },
  { pattern: /§/, instead: "the rule itself; a public standard's section as 'RFC 1234 section 5'" },
  { pattern: /\bissues?\s*#?\d+/i, instead: "the rule itself, or the doc that records it" },
  { pattern: /\bthe spec\b|\bspec's\b/i, instead: "the rule itself (the product spec is not in this repository)" },
];

const posix = (path: string) => path.split("\\").join("/");

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = posix(join(dir, entry.name));
    if (SKIPPED_PATHS.has(path) || SKIPPED_NAMES.has(entry.name)) return [];
    if (entry.isDirectory()) return sourceFiles(path);
    return SOURCE_FILE.test(entry.name) ? [path] : [];
  });
}

const scriptKind = (path: string) =>
  path.endsWith(".tsx") ? ts.ScriptKind.TSX : /\.[mc]?jsx?$/.test(path) ? ts.ScriptKind.JSX : ts.ScriptKind.TS;

/** A comment's lines without their markers (the slashes, the stars, the closing star-slash). */
const MARKERS = /^\s*(?:\/\/+|\/\*+|\*+(?!\/))?\s*|\s*\*\/\s*$/g;
const unmarked = (comment: string) => comment.split("\n").map((line) => line.replace(MARKERS, ""));

/**
 * Every comment of a file, once each, with the line it starts on (1-based). Line comments on
 * consecutive lines are one comment, so a citation wrapped onto the next line is still found.
 */
function commentsOf(path: string, text: string): { line: number; text: string }[] {
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, scriptKind(path));
  const ranges = new Map<number, ts.CommentRange>();
  const collect = (found: ts.CommentRange[] | undefined) => {
    for (const range of found ?? []) ranges.set(range.pos, range);
  };
  // Tokens too (getChildren, not forEachChild): a comment before a "}" or inside JSX braces
  // belongs to no node.
  const visit = (node: ts.Node) => {
    collect(ts.getLeadingCommentRanges(text, node.pos));
    collect(ts.getTrailingCommentRanges(text, node.end));
    for (const child of node.getChildren(source)) visit(child);
  };
  collect(ts.getLeadingCommentRanges(text, 0));
  visit(source);
  const blocks: { pos: number; end: number; lineComment: boolean }[] = [];
  for (const range of [...ranges.values()].sort((a, b) => a.pos - b.pos)) {
    const lineComment = range.kind === ts.SyntaxKind.SingleLineCommentTrivia;
    const last = blocks.at(-1);
    if (last?.lineComment && lineComment && /^[ \t]*\r?\n[ \t]*$/.test(text.slice(last.end, range.pos))) {
      last.end = range.end;
    } else blocks.push({ pos: range.pos, end: range.end, lineComment });
  }
  return blocks.map(({ pos, end }) => ({
    line: source.getLineAndCharacterOfPosition(pos).line + 1,
    text: text.slice(pos, end),
  }));
}

/** "file:line: what it cites (write instead ...)" for each citation in a comment, in line order. */
function citationsIn(path: string, text: string): string[] {
  return commentsOf(path, text).flatMap((comment) => {
    // Joined by spaces, so a citation wrapped onto the next line is whole again.
    const lines = unmarked(comment.text);
    const flat = lines.join(" ");
    const lineAt = (index: number) => {
      let end = 0;
      return comment.line + lines.findIndex((line) => (end += line.length + 1) > index);
    };
    return CITATIONS.flatMap(({ pattern, instead }) =>
      [...flat.matchAll(new RegExp(pattern.source, `${pattern.flags}g`))].map((match) => ({
        line: lineAt(match.index),
        what: `cites ${JSON.stringify(match[0])} (write ${instead})`,
      })),
    )
      .sort((a, b) => a.line - b.line)
      .map(({ line, what }) => `${path}:${line}: ${what}`);
  });
}

describe("comment citations", () => {
  it("finds the comments the parser sees, and nothing in strings", () => {
    const code = [
      "// core-flows §2",
      'const url = "https://example.org/issue 10"; /* issue 10 */',
      "const tpl = `// DESIGN.md`;",
      "const el = <div>{/* money-and-operations */}</div>;",
      "function f() {",
      "  return 1;",
      "  // design-card, at the end of a block",
      "}",
      "/**",
      " * A rule wrapped after the word issue",
      " * 19, in a block comment.",
      " */",
      "// and after the word issue",
      "// 20, in line comments.",
      "const issue = 21; // a variable named issue is no citation",
    ].join("\n");
    expect(citationsIn("example.tsx", code)).toEqual([
      'example.tsx:1: cites "core-flows" (write the rule itself)',
      "example.tsx:1: cites \"§\" (write the rule itself; a public standard's section as 'RFC 1234 section 5')",
      'example.tsx:2: cites "issue 10" (write the rule itself, or the doc that records it)',
      'example.tsx:4: cites "money-and-operations" (write the rule itself)',
      'example.tsx:7: cites "design-card" (write the rule itself)',
      'example.tsx:10: cites "issue 19" (write the rule itself, or the doc that records it)',
      'example.tsx:13: cites "issue 20" (write the rule itself, or the doc that records it)',
    ]);
  });

  it("names no unreachable document, section or issue in the comments of " + CHECKED_DIRS.join(", "), () => {
    const files = CHECKED_DIRS.flatMap(sourceFiles);
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap((path) => {
      const text = readFileSync(join(ROOT, path), "utf8");
      // Parsing is the slow part: a file whose text cites nothing anywhere has no comment that does.
      return CITATIONS.some(({ pattern }) => pattern.test(unmarked(text).join(" "))) ? citationsIn(path, text) : [];
    });
    expect(found).toEqual([]);
  });
});
