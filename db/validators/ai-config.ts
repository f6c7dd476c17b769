// The admin console's AI settings contract: each group's values, validated against the bounds of
// db/constants/ai-config.ts by the same schema on the server and in the form; the answer with each
// group's last change; and the test of unsaved matching weights on a sample search.
import { z } from "zod";
import { AI_CONFIG_BOUNDS, AI_CONFIG_DEFAULTS, type NumberBound } from "../constants/ai-config";
import { AI_CONFIG_GROUPS, type AiConfigGroup } from "../schema/enums";
import { SEARCH_RADIUS_KM } from "../constants/limits";
import { searchCardSchema } from "./search";

/** A setting's number: within its bounds (the message says which), on its step where it has one. */
function boundedNumber(bound: NumberBound) {
  return z.number({ error: "validation.aiConfigNumber" }).refine((value) => value >= bound.min && value <= bound.max, {
    error: "validation.aiConfigRange",
    params: { min: bound.min, max: bound.max },
  });
}

function groupSchema<G extends AiConfigGroup>(group: G) {
  const defaults = AI_CONFIG_DEFAULTS[group] as Record<string, number | boolean>;
  const bounds = AI_CONFIG_BOUNDS[group] as Record<string, NumberBound | undefined>;
  const shape = Object.fromEntries(
    Object.entries(defaults).map(([key, value]) => [
      key,
      typeof value === "boolean"
        ? z.boolean({ error: "validation.formatInvalid" })
        : boundedNumber(bounds[key] ?? { min: -Infinity, max: Infinity }),
    ]),
  );
  return z.object(shape).strict();
}

export const aiConfigGroupSchemas = {
  matching: groupSchema("matching"),
  security: groupSchema("security"),
  recommendations: groupSchema("recommendations"),
  performance: groupSchema("performance"),
} as const satisfies Record<AiConfigGroup, z.ZodType>;

export const aiConfigGroupParamsSchema = z.object({
  group: z.enum(AI_CONFIG_GROUPS, { error: "validation.formatInvalid" }),
});

/** The body of a save: the group's every value (the form sends the whole tab). */
export const aiConfigSaveBodySchema = z.record(z.string(), z.union([z.number(), z.boolean()]));

const groupStateSchema = z.object({
  values: z.record(z.string(), z.union([z.number(), z.boolean()])),
  /** Null until an admin first saves the group. */
  updated_at: z.string().nullable(),
  updated_by: z.string().nullable(),
});

export const aiConfigSchema = z
  .object({
    matching: groupStateSchema,
    security: groupStateSchema,
    recommendations: groupStateSchema,
    performance: groupStateSchema,
  })
  .meta({ id: "AiConfig" });
export type AiConfigDto = z.infer<typeof aiConfigSchema>;

/**
 * The test: unsaved matching values, unsaved recommendations values (optional: those in force
 * without them) and a sample search (a city and the search's own filters).
 */
export const aiConfigTestBodySchema = z
  .object({
    matching: aiConfigGroupSchemas.matching,
    recommendations: aiConfigGroupSchemas.recommendations.optional(),
    /** The sample search: a city (or postal code), a radius, and the filters admins test with most. */
    search: z
      .object({
        location: z.string().trim().min(2, "validation.cityInvalid").max(100, "validation.cityInvalid"),
        radius: z.number().int().min(SEARCH_RADIUS_KM.min).max(SEARCH_RADIUS_KM.max).default(SEARCH_RADIUS_KM.default),
        verified_only: z.boolean().default(false),
        available_today: z.boolean().default(false),
      })
      .strict(),
  })
  .strict();
export type AiConfigTestBody = z.infer<typeof aiConfigTestBodySchema>;

export const AI_CONFIG_TEST_SIZE = 10;

const rankedSchema = searchCardSchema.pick({
  id: true,
  first_name: true,
  last_name: true,
  city: true,
  distance_km: true,
  rating: true,
  hourly_rate_cents: true,
  match_score: true,
  match_parts: true,
  boost_parts: true,
});

export const aiConfigTestSchema = z.object({
  /** The top 10 with the tested values, and with the values in force, each with its score's parts. */
  proposed: z.array(rankedSchema),
  current: z.array(rankedSchema),
  total: z.number().int(),
});
export type AiConfigTest = z.infer<typeof aiConfigTestSchema>;
