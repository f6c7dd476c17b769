// What search engines and link previews read about babysitters: the head of a public profile's
// page (title, description, canonical URL, Open Graph) and the profiles the sitemap lists. Only
// public babysitter profiles take part; members-only and hidden ones are never described, and a
// sitter whose account is gone (account-state.ts) is not there at all.
import { and, asc, eq, sql } from "drizzle-orm";
import { LOCALE_TAGS } from "@db/i18n/languages";
import type { Db } from "@db/client";
import type { ProfileVisibility } from "@db/schema/enums";
import { babysitterProfiles, profiles } from "@db/schema/profiles";
import { translate, type Lang } from "../../lib/i18n";
import { liveProfile } from "../account-state";
import { listedSitter } from "./listing";

/** A sitemap file holds at most 50,000 URLs (sitemaps.org); past that it needs an index of files. */
export const SITEMAP_MAX_URLS = 50_000;
const DESCRIPTION_MAX_LENGTH = 160;

export type SeoSitter = {
  id: string;
  visibility: ProfileVisibility;
  firstName: string;
  lastName: string;
  city: string | null;
  bio: string | null;
  photoUrl: string | null;
  hourlyRateCents: number;
  experienceYears: number;
  /** listing.ts's rule: a profile search does not list yet is not described to search engines either. */
  listed: boolean;
};

export type PageMeta = { title: string; description: string; url: string; image: string | null; locale: string };

/** The babysitter behind /babysitter/{id}, whatever her visibility; null when there is none or she is gone. */
export async function findSeoSitter(db: Db, id: string): Promise<SeoSitter | null> {
  const [row] = await db
    .select({
      id: profiles.id,
      visibility: profiles.profileVisibility,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      city: profiles.city,
      bio: profiles.bio,
      photoUrl: profiles.photoUrl,
      hourlyRateCents: babysitterProfiles.hourlyRateCents,
      experienceYears: babysitterProfiles.experienceYears,
      listed: sql<boolean>`${listedSitter()}`.mapWith(Boolean),
    })
    .from(profiles)
    .innerJoin(babysitterProfiles, eq(babysitterProfiles.profileId, profiles.id))
    .where(and(eq(profiles.id, id), eq(profiles.userType, "babysitter"), liveProfile()))
    .limit(1);
  return row ?? null;
}

/** Public, listed babysitter profiles with the date either part of them last changed, oldest profiles first. */
export async function sitemapSitters(db: Db, limit: number): Promise<{ id: string; lastmod: string }[]> {
  return db
    .select({
      id: profiles.id,
      lastmod: sql<string>`max(${profiles.updatedAt}, ${babysitterProfiles.updatedAt})`,
    })
    .from(profiles)
    .innerJoin(babysitterProfiles, eq(babysitterProfiles.profileId, profiles.id))
    .where(
      and(
        eq(profiles.userType, "babysitter"),
        eq(profiles.profileVisibility, "public"),
        liveProfile(),
        listedSitter(), // the rule search applies: no half-filled profile in search engines either
      ),
    )
    .orderBy(asc(profiles.createdAt), asc(profiles.id))
    .limit(limit);
}

/** At most `max` characters, cut at a word, with an ellipsis when cut. */
export function truncate(text: string, max: number): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const atWord = cut.lastIndexOf(" ");
  return `${(atWord > max / 2 ? cut.slice(0, atWord) : cut).replace(/[\s,;:.]+$/, "")}…`;
}

/** Title, description and addresses of a babysitter's page, in `lang`, on the configured origin. */
export function sitterPageMeta(sitter: SeoSitter, lang: Lang, origin: string): PageMeta {
  const name = `${sitter.firstName} ${sitter.lastName}`;
  // "15 €", "18,50 €": cents only when there are some.
  const fractionDigits = sitter.hourlyRateCents % 100 === 0 ? 0 : 2;
  const rate = new Intl.NumberFormat(LOCALE_TAGS[lang], {
    style: "currency",
    currency: "EUR",
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
  }).format(sitter.hourlyRateCents / 100);
  const who = sitter.city
    ? translate(lang, "seo.sitterInCity", { name, city: sitter.city })
    : translate(lang, "seo.sitter", { name });
  const experience =
    sitter.experienceYears > 0
      ? translate(lang, sitter.experienceYears === 1 ? "seo.experienceOne" : "seo.experienceMany", {
          count: sitter.experienceYears,
        })
      : null;
  const facts = [experience, translate(lang, "seo.rate", { rate })].filter(Boolean).join(", ");
  const summary = translate(lang, "seo.summary", { who, facts });
  return {
    title: translate(lang, "seo.title", { who }),
    description: truncate(sitter.bio ? `${summary} ${sitter.bio}` : summary, DESCRIPTION_MAX_LENGTH),
    url: `${origin}/babysitter/${sitter.id}`,
    image: sitter.photoUrl?.startsWith("/") ? `${origin}${sitter.photoUrl}` : null,
    locale: LOCALE_TAGS[lang].replace("-", "_"),
  };
}
