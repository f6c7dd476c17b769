// What each tab of the AI settings shows: its group's settings in order, each drawn as a slider (a
// weight or a share, whose position says more than its digits), a number box (a value with a unit
// an admin types) or a checkbox (on or off). The bounds are the server's (AI_CONFIG_BOUNDS), so the
// form, its hints and the save all check the same ranges.
import { AI_CONFIG_BOUNDS, type AI_CONFIG_DEFAULTS, type NumberBound } from "@db/constants/ai-config";
import { AI_CONFIG_GROUPS, type AiConfigGroup } from "@db/schema/enums";

export { AI_CONFIG_GROUPS, type AiConfigGroup };

/** One group's values as the form holds them (a setting's key to its number or on/off). */
export type GroupValues = Record<string, number | boolean>;

/** The unit a number is written with ('15 km', '300 s'); none for a weight or a count. */
export type SettingUnit = "km" | "stars" | "seconds" | "milliseconds";

export type SettingSpec =
  { key: string; kind: "slider" | "number"; bound: NumberBound; unit?: SettingUnit } | { key: string; kind: "switch" };

type Keys<G extends AiConfigGroup> = keyof (typeof AI_CONFIG_DEFAULTS)[G] & string;

/** A numeric setting of `group`, with its bounds. */
function numeric<G extends AiConfigGroup>(
  group: G,
  key: Keys<G>,
  kind: "slider" | "number",
  unit?: SettingUnit,
): SettingSpec {
  const bound = (AI_CONFIG_BOUNDS[group] as Partial<Record<string, NumberBound>>)[key];
  if (!bound) throw new Error(`the AI setting ${group}.${key} has no bounds`);
  return { key, kind, bound, unit };
}

const switchOf = <G extends AiConfigGroup>(_group: G, key: Keys<G>): SettingSpec => ({ key, kind: "switch" });

export const GROUP_SETTINGS: Record<AiConfigGroup, readonly SettingSpec[]> = {
  matching: [
    numeric("matching", "weightProfile", "slider"),
    numeric("matching", "weightLocation", "slider"),
    numeric("matching", "weightAvailability", "slider"),
    numeric("matching", "weightRating", "slider"),
    numeric("matching", "weightPrice", "slider"),
    numeric("matching", "maxDistance", "number", "km"),
    numeric("matching", "minRating", "number", "stars"),
  ],
  security: [
    numeric("security", "suspiciousActivityThreshold", "slider"),
    switchOf("security", "autoBlockEnabled"),
    switchOf("security", "backgroundCheckRequired"),
    switchOf("security", "photoVerificationEnabled"),
  ],
  recommendations: [
    numeric("recommendations", "learningRate", "number"),
    numeric("recommendations", "personalizedWeight", "slider"),
    numeric("recommendations", "popularityBoost", "slider"),
    numeric("recommendations", "diversityFactor", "slider"),
  ],
  performance: [
    numeric("performance", "cacheTimeout", "number", "seconds"),
    numeric("performance", "maxConcurrentRequests", "number"),
    numeric("performance", "responseTimeTarget", "number", "milliseconds"),
  ],
};

/** The five weights of the match score: when all are 0, the score ranks on nothing. */
export const MATCHING_WEIGHTS = [
  "weightProfile",
  "weightLocation",
  "weightAvailability",
  "weightRating",
  "weightPrice",
] as const satisfies readonly Keys<"matching">[];

/** The decimals a bound's step needs ('0,05' has two, '0,001' three, '60' none). */
export function stepDecimals(bound: NumberBound): number {
  const step = bound.step ?? 1;
  return step >= 1 ? 0 : Math.min(4, Math.ceil(-Math.log10(step) - 1e-9));
}

/**
 * A group's values as the form holds them: exactly its settings, in their order. A stored row may
 * carry a key no longer in use, which the save's strict schema would refuse.
 */
export const settingValues = (group: AiConfigGroup, values: GroupValues): GroupValues =>
  Object.fromEntries(GROUP_SETTINGS[group].map((spec) => [spec.key, values[spec.key]]));
