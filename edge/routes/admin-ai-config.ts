// /api/admin/ai-config: the admin console's AI settings. Admins only (adminRoute). A save takes one
// group's every value, checked against its bounds by the same schema the console's form uses; the
// test ranks a sample search with unsaved matching values and saves nothing.
import {
  aiConfigGroupParamsSchema,
  aiConfigGroupSchemas,
  aiConfigSaveBodySchema,
  aiConfigSchema,
  aiConfigTestBodySchema,
  aiConfigTestSchema,
} from "@db/validators/ai-config";
import { createApi, errorResponse, jsonBody, jsonResponse } from "../lib/openapi";
import { validationError } from "../lib/validation";
import { adminActing, adminRoute } from "../middleware/session";
import { getAiConfig, restoreAiConfigDefaults, saveAiConfigGroup, testMatching } from "../services/admin/ai-config";

const TAGS = ["admin"];

const read = adminRoute({
  method: "get",
  path: "/",
  tags: TAGS,
  summary: "The four groups of AI settings (stored over their defaults), with each group's last change.",
  responses: { 200: jsonResponse("The settings", aiConfigSchema) },
});

const save = adminRoute({
  method: "put",
  path: "/{group}",
  tags: TAGS,
  summary: "Saves one group's every value, each within its bounds. Audited with the values before and after.",
  request: { params: aiConfigGroupParamsSchema, body: jsonBody(aiConfigSaveBodySchema) },
  responses: {
    200: jsonResponse("The settings as saved", aiConfigSchema),
    400: errorResponse("A value out of its bounds, missing or unknown"),
  },
});

const restore = adminRoute({
  method: "post",
  path: "/restore-defaults",
  tags: TAGS,
  summary: "Every group back to its defaults. Audited.",
  responses: { 200: jsonResponse("The settings as restored", aiConfigSchema) },
});

const test = adminRoute({
  method: "post",
  path: "/test",
  tags: TAGS,
  summary:
    "Ranks a sample search (a city, a radius, filters) with unsaved matching values and with those in " +
    "force: the top 10 of each with their score's parts. Saves nothing.",
  request: { body: jsonBody(aiConfigTestBodySchema) },
  responses: {
    200: jsonResponse("Both rankings", aiConfigTestSchema),
    400: errorResponse("A value out of its bounds, or an unknown city"),
  },
});

export const adminAiConfigRoutes = createApi()
  .openapi(read, async (c) => c.json(await getAiConfig(c.var.db), 200))
  .openapi(restore, async (c) =>
    c.json(await restoreAiConfigDefaults(c.var.db, adminActing(c), c.get("profile")!.id), 200),
  )
  .openapi(test, async (c) => c.json(await testMatching(c.var.db, c.req.valid("json")), 200))
  .openapi(save, async (c) => {
    const { group } = c.req.valid("param");
    const parsed = aiConfigGroupSchemas[group].safeParse(c.req.valid("json"));
    if (!parsed.success) throw validationError(parsed.error);
    const values = parsed.data as Record<string, number | boolean>;
    return c.json(await saveAiConfigGroup(c.var.db, adminActing(c), c.get("profile")!.id, group, values), 200);
  });
