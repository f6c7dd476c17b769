// The admin console's AI settings: the four groups as stored over their defaults, a save of one
// group (validated by the route with the shared schema; audited with the values before and after),
// the restore of every default, and the test of unsaved matching (and recommendations) values on a
// sample search.
//
// Where each setting acts (the settings without an effect yet are said so in docs/decisions.md); each
// reader loads its group when it acts (services/settings/ai-settings.ts), so a save applies at once:
// - matching (weights, maxDistance, minRating): every search (services/search/matching.ts);
// - recommendations (popularity, personal signals, diversity): the relevance order of every search
//   (services/search/recommendations.ts);
// - security.backgroundCheckRequired: search, booking requests and acceptance (settings/background-check.ts);
// - performance.responseTimeTarget: the cron's hourly check of the API's p95 (monitoring/api-timings.ts).
// - performance.maxConcurrentRequests: every API request, per isolate (monitoring/concurrency.ts);
// - performance.cacheTimeout: signed-out searches served again from memory (search/search-cache.ts).
import { eq } from "drizzle-orm";
import type { Db } from "@db/client";
import { AI_CONFIG_DEFAULTS } from "@db/constants/ai-config";
import { aiConfig } from "@db/schema/ai-config";
import { AI_CONFIG_GROUPS, type AiConfigGroup } from "@db/schema/enums";
import { profiles } from "@db/schema/profiles";
import { searchQuerySchema } from "@db/validators/search";
import {
  AI_CONFIG_TEST_SIZE,
  type AiConfigDto,
  type AiConfigTest,
  type AiConfigTestBody,
} from "@db/validators/ai-config";
import { auditInsert } from "../audit/audit";
import { forgetConcurrencyLimit } from "../monitoring/concurrency";
import type { MatchingConfig } from "../search/matching";
import type { RecommendationsConfig } from "../search/recommendations";
import { mergeAiSettings } from "../settings/ai-settings";
import { prepareSearch, runSearch } from "../search/search";
import type { AdminContext } from "./users";

type Values = Record<string, number | boolean>;

/** A group's stored values over its defaults, as the services acting on them read them. */
const withDefaults = (group: AiConfigGroup, stored: Values | undefined): Values => mergeAiSettings(group, stored);

export async function getAiConfig(db: Db): Promise<AiConfigDto> {
  const rows = await db
    .select({
      group: aiConfig.group,
      value: aiConfig.value,
      updatedAt: aiConfig.updatedAt,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
    })
    .from(aiConfig)
    .leftJoin(profiles, eq(profiles.id, aiConfig.updatedBy));
  const byGroup = new Map(rows.map((row) => [row.group, row]));
  const state = (group: AiConfigGroup) => {
    const row = byGroup.get(group);
    return {
      values: withDefaults(group, row?.value),
      updated_at: row?.updatedAt ?? null,
      updated_by: row?.firstName ? `${row.firstName} ${row.lastName}` : null,
    };
  };
  return {
    matching: state("matching"),
    security: state("security"),
    recommendations: state("recommendations"),
    performance: state("performance"),
  };
}

/** Saves one group (its values already validated against their bounds) and audits the change. */
export async function saveAiConfigGroup(
  db: Db,
  admin: AdminContext,
  adminProfileId: string,
  group: AiConfigGroup,
  values: Values,
): Promise<AiConfigDto> {
  const before = (await getAiConfig(db))[group].values;
  await db.batch([
    upsertGroup(db, group, values, adminProfileId),
    auditInsert(db, admin.actor, admin.origin, {
      action: "admin.settings.change",
      resource: `ai_config:${group}`,
      metadata: { group, before, after: values },
    }),
  ]);
  forgetConcurrencyLimit();
  return getAiConfig(db);
}

/** Every group back to its defaults (after the console's confirmation), audited. */
export async function restoreAiConfigDefaults(db: Db, admin: AdminContext, adminProfileId: string) {
  const before = await getAiConfig(db);
  await db.batch([
    auditInsert(db, admin.actor, admin.origin, {
      action: "admin.settings.restore",
      resource: "ai_config",
      metadata: { before: Object.fromEntries(AI_CONFIG_GROUPS.map((group) => [group, before[group].values])) },
    }),
    ...AI_CONFIG_GROUPS.map((group) => upsertGroup(db, group, { ...AI_CONFIG_DEFAULTS[group] }, adminProfileId)),
  ]);
  forgetConcurrencyLimit();
  return getAiConfig(db);
}

function upsertGroup(db: Db, group: AiConfigGroup, values: Values, adminProfileId: string) {
  const updatedAt = new Date().toISOString();
  return db
    .insert(aiConfig)
    .values({ group, value: values, updatedBy: adminProfileId, updatedAt })
    .onConflictDoUpdate({ target: aiConfig.group, set: { value: values, updatedBy: adminProfileId, updatedAt } });
}

/**
 * The sample search ranked twice, by relevance: with the tested matching values (and recommendations
 * values, when sent; else those in force) and with those in force, the top 10 of each with their
 * score's parts. Nothing is saved. The admin is no parent: no personal signal ranks either list.
 */
export async function testMatching(db: Db, body: AiConfigTestBody): Promise<AiConfigTest> {
  const query = searchQuerySchema.parse({
    location: body.search.location,
    radius: String(body.search.radius),
    ...(body.search.verified_only && { verifiedOnly: "true" }),
    ...(body.search.available_today && { availableToday: "true" }),
  });
  const prepared = await prepareSearch(db, query);
  const rank = async (config: MatchingConfig, recommendations: RecommendationsConfig) => {
    const result = await runSearch(db, query, { ...prepared, config, recommendations }, { signedIn: true });
    return { total: result.total, top: result.results.slice(0, AI_CONFIG_TEST_SIZE).map(ranked) };
  };
  const tested = (body.recommendations as RecommendationsConfig | undefined) ?? prepared.recommendations;
  const [proposed, current] = await Promise.all([
    rank(body.matching as MatchingConfig, tested),
    rank(prepared.config, prepared.recommendations),
  ]);
  return { proposed: proposed.top, current: current.top, total: proposed.total };
}

const ranked = (card: Awaited<ReturnType<typeof runSearch>>["results"][number]) => ({
  id: card.id,
  first_name: card.first_name,
  last_name: card.last_name,
  city: card.city,
  distance_km: card.distance_km,
  rating: card.rating,
  hourly_rate_cents: card.hourly_rate_cents,
  match_score: card.match_score,
  match_parts: card.match_parts,
  boost_parts: card.boost_parts,
});
