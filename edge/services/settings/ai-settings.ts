// The AI settings as the services that act on them read them: one group's stored row over its
// defaults. A missing row, a missing key, or a value of the wrong type or out of its bounds falls
// back to the default (the console validates on save; this keeps every reader working whatever the
// row holds). Each reader loads its group when it acts, so a saved change applies at once.
import { eq } from "drizzle-orm";
import type { Db } from "@db/client";
import { AI_CONFIG_BOUNDS, AI_CONFIG_DEFAULTS, type AiConfigValues } from "@db/constants/ai-config";
import { aiConfig } from "@db/schema/ai-config";
import type { AiConfigGroup } from "@db/schema/enums";

/** A group's stored values over its defaults, each checked against its type and bounds. */
export function mergeAiSettings<G extends AiConfigGroup>(group: G, stored: unknown): AiConfigValues[G] {
  const defaults: Record<string, number | boolean> = AI_CONFIG_DEFAULTS[group];
  const bounds: Partial<Record<string, { min: number; max: number }>> = AI_CONFIG_BOUNDS[group];
  const merged = { ...defaults };
  if (typeof stored === "object" && stored !== null) {
    for (const key of Object.keys(defaults)) {
      const value = (stored as Record<string, unknown>)[key];
      if (typeof value !== typeof defaults[key]) continue;
      if (typeof value === "number") {
        const bound = bounds[key];
        if (!Number.isFinite(value) || (bound && (value < bound.min || value > bound.max))) continue;
      }
      merged[key] = value as number | boolean;
    }
  }
  return merged as AiConfigValues[G];
}

export async function loadAiSettings<G extends AiConfigGroup>(db: Db, group: G): Promise<AiConfigValues[G]> {
  const [row] = await db.select({ value: aiConfig.value }).from(aiConfig).where(eq(aiConfig.group, group));
  return mergeAiSettings(group, row?.value);
}
