// A tiny SQLite lexer. The `libsql` package exposes neither parameter names nor the tail of a
// multi-statement string, and binding an object to a statement with a nameless `?` aborts the
// whole process (a Rust panic), so we find parameters ourselves and always bind by position.

export type Token = { kind: "word" | "param" | "semi" | "other"; text: string; start: number; end: number };

const IDENT_START = /[A-Za-z_\u0080-\uffff]/;
const IDENT_PART = /[A-Za-z0-9_$\u0080-\uffff]/;

function skipQuoted(sql: string, i: number, close: string): number {
  for (let j = i + 1; j < sql.length; j++) {
    if (sql[j] !== close) continue;
    if (close !== "]" && sql[j + 1] === close)
      j++; // doubled quote = escaped quote
    else return j + 1;
  }
  return sql.length;
}

function readWhile(sql: string, i: number, re: RegExp): number {
  while (i < sql.length && re.test(sql[i])) i++;
  return i;
}

/** Splits SQL into the few token kinds we care about; comments and whitespace are dropped. */
export function tokenize(sql: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  const push = (kind: Token["kind"], end: number) => {
    tokens.push({ kind, text: sql.slice(i, end), start: i, end });
    i = end;
  };
  while (i < sql.length) {
    const c = sql[i];
    if (/\s/.test(c)) i++;
    else if (c === "-" && sql[i + 1] === "-") i = sql.includes("\n", i) ? sql.indexOf("\n", i) + 1 : sql.length;
    else if (c === "/" && sql[i + 1] === "*") i = sql.includes("*/", i + 2) ? sql.indexOf("*/", i + 2) + 2 : sql.length;
    else if (c === "'" || c === '"' || c === "`") push("other", skipQuoted(sql, i, c));
    else if (c === "[") push("other", skipQuoted(sql, i, "]"));
    else if (c === ";") push("semi", i + 1);
    else if (c === "?") push("param", readWhile(sql, i + 1, /[0-9]/));
    else if ((c === ":" || c === "@" || c === "$") && IDENT_PART.test(sql[i + 1] ?? "")) {
      push("param", readWhile(sql, i + 1, IDENT_PART));
    } else if (IDENT_START.test(c)) push("word", readWhile(sql, i + 1, IDENT_PART));
    else if (/[0-9.]/.test(c)) push("other", readWhile(sql, i + 1, /[0-9A-Za-z_.]/));
    else push("other", i + 1);
  }
  return tokens;
}

/**
 * Parameter names by 1-based index, as SQLite numbers them: `?` takes the next index, `?NNN`
 * takes NNN, and a name takes the next index the first time it appears. A slot keeps the first
 * name it gets (in `SELECT :b, ?1`, slot 1 stays `:b`, so `?1` is not a name). Nameless -> null.
 */
export function scanParams(tokens: Token[]): (string | null)[] {
  const names: (string | null)[] = [];
  const byName = new Map<string, number>();
  for (const t of tokens) {
    if (t.kind !== "param") continue;
    if (t.text === "?") names.push(null);
    else if (t.text[0] === "?") {
      const index = Number(t.text.slice(1));
      while (names.length < index) names.push(null);
      names[index - 1] ??= t.text;
    } else if (!byName.has(t.text)) {
      names.push(t.text);
      byName.set(t.text, names.length);
    }
  }
  return names;
}

export function firstKeyword(tokens: Token[]): string {
  const first = tokens.find((t) => t.kind !== "semi");
  return first?.kind === "word" ? first.text.toUpperCase() : "";
}

const WRITE_WORDS = new Set(["INSERT", "UPDATE", "DELETE", "REPLACE"]);

/** True when a row-returning statement may also write (INSERT ... RETURNING, WITH ... DELETE). */
export function mayWrite(tokens: Token[]): boolean {
  return tokens.some((t) => t.kind === "word" && WRITE_WORDS.has(t.text.toUpperCase()));
}

/**
 * Splits a script into single statements. Semicolons inside a CREATE TRIGGER body
 * (BEGIN ... END, with CASE ... END nested) do not end the statement.
 */
export function splitStatements(sql: string): string[] {
  const tokens = tokenize(sql);
  const out: string[] = [];
  let startToken = 0;
  let depth = 0;
  tokens.forEach((t, index) => {
    const head = tokens.slice(startToken, startToken + 3).map((x) => x.text.toUpperCase());
    const inTrigger = head[0] === "CREATE" && (head[1] === "TRIGGER" || head[2] === "TRIGGER");
    const word = t.kind === "word" ? t.text.toUpperCase() : "";
    if (inTrigger && (word === "BEGIN" || word === "CASE")) depth++;
    else if (inTrigger && word === "END") depth = Math.max(0, depth - 1);
    const last = index === tokens.length - 1;
    if ((t.kind === "semi" && depth === 0) || last) {
      const body = tokens.slice(startToken, index + 1).filter((x) => x.kind !== "semi");
      if (body.length > 0) out.push(sql.slice(body[0].start, body[body.length - 1].end));
      startToken = index + 1;
      depth = 0;
    }
  });
  return out;
}
