// Reading the resource files (fr.json, en.json), shared by the web app's translator
// (web/src/lib/i18n.ts) and the server's (edge/lib/i18n.ts): nested keys, {{name}} values.

export type Messages = { readonly [key: string]: unknown };

/** The value at a dotted key ("auth.login.title"): a string, a list, a subtree, or undefined. */
export const lookupMessage = (tree: Messages | undefined, key: string): unknown =>
  key.split(".").reduce<unknown>((node, part) => (typeof node === "object" && node !== null ? (node as Messages)[part] : undefined), tree);

/** `{{name}}` placeholders filled from `values` (a missing value leaves nothing). */
export const interpolate = (template: string, values: Record<string, unknown>) =>
  template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(values[name] ?? ""));
