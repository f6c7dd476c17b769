// The admin AI configuration: one row per group; the value's shape and bounds are in
// db/constants/ai-config.ts.
import { sqliteTable, text, check } from "drizzle-orm/sqlite-core";
import { profiles } from "./profiles";
import { AI_CONFIG_GROUPS } from "./enums";
import { updatedAt } from "./columns";
import { oneOf } from "./checks";

export const aiConfig = sqliteTable(
  "ai_config",
  {
    group: text("group", { enum: AI_CONFIG_GROUPS }).primaryKey(),
    value: text("value", { mode: "json" }).$type<Record<string, number | boolean>>().notNull(),
    updatedBy: text("updated_by").references(() => profiles.id, { onDelete: "set null" }),
    updatedAt: updatedAt(),
  },
  (t) => [check("ai_config_group_check", oneOf(t.group, AI_CONFIG_GROUPS))],
);
