// The public babysitter profile: what anyone allowed to see the
// profile gets. Never the email, the address, the postal code or the exact coordinates; the phone
// only for a parent with a confirmed booking with this babysitter.
import { z } from "zod";
import { AGE_GROUPS, LANGUAGES, SPECIALTIES, SUBSCRIPTION_PLANS } from "../schema/enums";
import { weeklyAvailabilitySchema } from "./profile";

const sitterStatsSchema = z.object({
  /** Bookings with her marked completed. */
  completed_sittings: z.number().int(),
  /** Parents with two or more completed bookings with her. */
  repeat_families: z.number().int(),
  /** Median minutes between a request and her answer; null before her first answer. */
  response_time_minutes: z.number().int().nullable(),
});
export type SitterStats = z.infer<typeof sitterStatsSchema>;

const publicReviewSchema = z.object({
  id: z.string(),
  rating: z.number().int(),
  comment: z.string(),
  created_at: z.string(),
  /** The reviewer's first name and initial only: a public page never spells a family's full name. */
  reviewer: z.object({
    first_name: z.string(),
    last_initial: z.string(),
    photo_url: z.string().nullable(),
  }),
  /** The signed-in viewer wrote it (she may not report her own review); false for a visitor. */
  by_viewer: z.boolean(),
});
export type PublicReview = z.infer<typeof publicReviewSchema>;

export const publicSitterProfileSchema = z
  .object({
    id: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    photo_url: z.string().nullable(),
    city: z.string().nullable(),
    bio: z.string().nullable(),
    is_verified: z.boolean(),
    rating: z.number(),
    total_reviews: z.number().int(),
    hourly_rate_cents: z.number().int(),
    experience_years: z.number().int(),
    languages: z.array(z.enum(LANGUAGES)),
    specialties: z.array(z.enum(SPECIALTIES)),
    certifications: z.array(z.string()),
    age_groups: z.array(z.enum(AGE_GROUPS)),
    available_hours: weeklyAvailabilitySchema,
    emergency_available: z.boolean(),
    has_references: z.boolean(),
    /** The plan in force (an expired paid plan counts as discovery): the page badges standard and premium. */
    plan: z.enum(SUBSCRIPTION_PLANS),
    /** The agency whose team she is in, if any (an agency's babysitters say so on their page). */
    agency: z.object({ id: z.string(), name: z.string() }).nullable(),
    stats: sitterStatsSchema,
    /** The latest reviews, newest first. */
    reviews: z.array(publicReviewSchema),
    /** Only for a parent with a confirmed booking with her (the Call button); null for everyone else. */
    phone: z.string().nullable(),
    /** Who is looking: the babysitter herself gets an edit link instead of 'Réserver'. */
    viewer: z.object({ is_owner: z.boolean() }),
  })
  .meta({ id: "PublicBabysitterProfile" });
export type PublicSitterProfile = z.infer<typeof publicSitterProfileSchema>;
