// Reading the resource files, shared by the web app's translator (web/src/lib/i18n.ts) and the
// server's (edge/lib/i18n.ts): nested keys, {{name}} values, and the numbers the texts quote.
// Texts live beside their readers: db/i18n/{fr,en}.json for what both send (validation messages,
// API errors), edge/i18n for the server's alone (emails), web/src/i18n for the interface.
import { CONSTANT_VARIABLES } from "./text-variables";

export type Messages = { readonly [key: string]: unknown };

/** The value at a dotted key ("auth.login.title"): a string, a list, a subtree, or undefined. */
export const lookupMessage = (tree: Messages | undefined, key: string): unknown =>
  key
    .split(".")
    .reduce<unknown>(
      (node, part) => (typeof node === "object" && node !== null ? (node as Messages)[part] : undefined),
      tree,
    );

/**
 * `{{name}}` placeholders filled from `values`, or from the limits the texts quote
 * ({{passwordMinLength}}...); a missing value leaves nothing.
 */
export const interpolate = (template: string, values: Record<string, unknown>) =>
  template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) =>
    String(values[name] ?? CONSTANT_VARIABLES[name as keyof typeof CONSTANT_VARIABLES] ?? ""),
  );
