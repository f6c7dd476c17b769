// /api/admin/agencies: the console's agencies (Users section). Only admins create an agency, with its
// first manager, and add managers to it; each manager gets an email to choose her password.
import {
  agencyAnswerSchema,
  agencyCreateBodySchema,
  agencyListSchema,
  agencyManagerBodySchema,
  agencyParamsSchema,
} from "@db/validators/agencies";
import { createApi, errorResponse, jsonBody, jsonResponse } from "../lib/openapi";
import { adminActing, adminRoute } from "../middleware/session";
import { createManagerAccount } from "../auth/manager-accounts";
import { recordAudit } from "../services/audit/audit";
import {
  agencyDto,
  agencyExists,
  agencyNotFound,
  insertAgency,
  listAgencies,
  removeEmptyAgency,
} from "../services/agencies/agencies";

const TAGS = ["admin"];

const list = adminRoute({
  method: "get",
  path: "/",
  tags: TAGS,
  summary: "Every agency, by name, with its managers and roster size.",
  responses: { 200: jsonResponse("Agencies", agencyListSchema) },
});

const create = adminRoute({
  method: "post",
  path: "/",
  tags: TAGS,
  summary:
    "Creates an agency (company name, SIREN, SAP number if any, contact) and its first manager, who is " +
    "emailed a link to choose her password. Audited.",
  request: { body: jsonBody(agencyCreateBodySchema) },
  responses: {
    201: jsonResponse("The agency", agencyAnswerSchema),
    400: errorResponse("Invalid input (SIREN checksum, SAP number, email)"),
    409: errorResponse("The SIREN has an agency, or the manager's address an account"),
  },
});

const addManager = adminRoute({
  method: "post",
  path: "/{agencyId}/managers",
  tags: TAGS,
  summary: "Adds a manager account to the agency (emailed a link to choose her password). Audited.",
  request: { params: agencyParamsSchema, body: jsonBody(agencyManagerBodySchema) },
  responses: {
    201: jsonResponse("The agency", agencyAnswerSchema),
    400: errorResponse("Invalid input"),
    404: errorResponse("No such agency"),
    409: errorResponse("The address has an account"),
  },
});

export const adminAgencyRoutes = createApi()
  .openapi(list, async (c) => c.json({ agencies: await listAgencies(c.var.db) }, 200))
  .openapi(create, async (c) => {
    const values = c.req.valid("json");
    const db = c.var.db;
    const agencyId = await insertAgency(db, values);
    // Nothing points to the agency until its first manager exists: without her, it is removed again.
    try {
      await createManagerAccount(c, agencyId, values.manager);
    } catch (error) {
      await removeEmptyAgency(db, agencyId);
      throw error;
    }
    const admin = adminActing(c);
    await recordAudit(db, admin.actor, admin.origin, {
      action: "admin.agency.create",
      resource: `agency:${agencyId}`,
      metadata: { siren: values.siren },
    });
    return c.json({ agency: await agencyDto(db, agencyId) }, 201);
  })
  .openapi(addManager, async (c) => {
    const { agencyId } = c.req.valid("param");
    const db = c.var.db;
    if (!(await agencyExists(db, agencyId))) throw agencyNotFound();
    const managerId = await createManagerAccount(c, agencyId, c.req.valid("json"));
    const admin = adminActing(c);
    await recordAudit(db, admin.actor, admin.origin, {
      action: "admin.agency.manager_add",
      resource: `agency:${agencyId}`,
      metadata: { manager_id: managerId },
    });
    return c.json({ agency: await agencyDto(db, agencyId) }, 201);
  });
