// A form validated by a zod schema that is fetched, with zod itself, when the visitor starts using
// the form (a field's first focus, a first choice, at the latest the first validation) rather than
// with the page. zod is about 55 KB of compressed script
// whose evaluation, on a phone, is one of the long tasks between a page's first paint and the
// moment it answers taps: the sign-in and sign-up pages, those most visitors open first, draw and
// hydrate without it (their routes skip the form libraries' zod: `zod: false` in
// web/src/app/router.tsx).
import type { FieldValues, Resolver } from "react-hook-form";
import type { ZodType } from "zod";

export type LazyZodResolver<Values extends FieldValues> = Resolver<Values> & {
  /** Starts fetching zod and the schema (a field's onFocus): the first submit then waits for nothing. */
  preload: () => void;
};

/**
 * A react-hook-form resolver that validates exactly as zodResolver(schema), `schema` being what
 * `load` gives; both are fetched once, on `preload` or the first validation. A failed fetch
 * (offline) is tried again on the next one. Made once per form, at module level.
 */
export function lazyZodResolver<Values extends FieldValues>(
  load: () => Promise<ZodType<Values, FieldValues>>,
): LazyZodResolver<Values> {
  let loading: Promise<Resolver<Values>> | undefined;
  const loaded = () =>
    (loading ??= Promise.all([import("@hookform/resolvers/zod"), load()]).then(
      ([{ zodResolver }, schema]) => zodResolver(schema) as unknown as Resolver<Values>,
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  const resolver: Resolver<Values> = async (values, context, options) => (await loaded())(values, context, options);
  return Object.assign(resolver, { preload: () => void loaded().catch(() => undefined) });
}
