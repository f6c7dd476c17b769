// /api/verification: a parent's or babysitter's own identity documents (the /verification/upload
// page). Sending is a multipart form (the fields, `file`, and an identity card's `back`), read with
// a size limit and checked by its bytes (services/verification/documents.ts). The files are never at
// a lasting address: their owner or an admin asks for links signed for them, a few minutes long,
// and the file route still wants the session (services/verification/file-links.ts).
import { z } from "@hono/zod-openapi";
import { DOCUMENT_MAX_BYTES, DOCUMENT_SIDES } from "@db/constants/verification";
import { idParam } from "@db/validators/ids";
import {
  documentLinksSchema,
  documentUploadFieldsSchema,
  ownDocumentSchema,
  signedFileQuerySchema,
  verificationStatusSchema,
} from "@db/validators/verification";
import { callerOrigin } from "../auth/for-request";
import { ApiError } from "../lib/errors";
import { createApi, errorResponse, jsonResponse } from "../lib/openapi";
import { readBodyUpTo } from "../lib/read-body";
import { validationError } from "../lib/validation";
import { callerProfile, signedInRoute } from "../middleware/session";
import { consume } from "../services/limits/rate-limit";
import {
  documentTooLarge,
  submitDocument,
  verificationStatus,
  withdrawDocument,
} from "../services/verification/documents";
import { documentLinks, openSignedFile } from "../services/verification/file-links";

const TAGS = ["verification"];
/** The form's text fields and boundaries beside its two files. */
const FORM_OVERHEAD_BYTES = 64 * 1024;
const badForm = () => new ApiError(400, "VALIDATION_ERROR", "verification.errors.form");
const documentParams = z.object({ id: idParam });

const status = signedInRoute({
  method: "get",
  path: "/",
  tags: TAGS,
  summary: "Where the caller stands: the documents that verify her role, the badge, her documents newest first.",
  responses: { 200: jsonResponse("The caller's verification", verificationStatusSchema) },
});

const upload = signedInRoute({
  method: "post",
  path: "/documents",
  tags: TAGS,
  summary:
    "Send a document (multipart: kind, issued_on for a criminal record, detail for a diploma or reference, file, " +
    `and back for an identity card). Files are JPEG, PNG, WebP or PDF by their bytes, at most ${DOCUMENT_MAX_BYTES / (1024 * 1024)} MB each. ` +
    "One of a kind waits at a time. Limited per account; audited.",
  // The multipart body is not declared here: the validator would read it whole, without the size
  // limit readUploadForm applies while it streams in. Its fields are documentUploadFieldsSchema's.
  responses: {
    201: jsonResponse("The document, waiting for the team", ownDocumentSchema),
    400: errorResponse("A field is missing or wrong (date, diploma, note), or the record is over 3 months old"),
    403: errorResponse("This role does not send this kind"),
    409: errorResponse("One of this kind is already waiting, or already verified"),
    413: errorResponse("A file is larger than the limit"),
    415: errorResponse("Not a JPEG, PNG, WebP or PDF"),
    429: errorResponse("Too many uploads; retry later (Retry-After)"),
  },
});

const withdraw = signedInRoute({
  method: "delete",
  path: "/documents/{id}",
  tags: TAGS,
  summary: "Withdraw one of the caller's documents still waiting: its files are deleted.",
  request: { params: documentParams },
  responses: {
    200: jsonResponse("Withdrawn: where the caller now stands", verificationStatusSchema),
    404: errorResponse("No such document of the caller's"),
    409: errorResponse("Already decided"),
  },
});

const links = signedInRoute({
  method: "post",
  path: "/documents/{id}/links",
  tags: TAGS,
  summary: "Short-lived links to the document's files, signed for the caller (its owner, or an admin: audited).",
  request: { params: documentParams },
  responses: {
    200: jsonResponse("The links", documentLinksSchema),
    404: errorResponse("No such document the caller may see"),
    410: errorResponse("The files were deleted after the decision"),
  },
});

const file = signedInRoute({
  method: "get",
  path: "/files/{id}/{side}",
  tags: TAGS,
  summary: "A document's file, by a signed link for this caller, while it lasts. Never cached.",
  request: {
    params: z.object({ id: idParam, side: z.enum(DOCUMENT_SIDES, { error: "validation.formatInvalid" }) }),
    query: signedFileQuerySchema,
  },
  responses: {
    200: { description: "The file", content: { "application/octet-stream": { schema: z.string() } } },
    403: errorResponse("The link has expired"),
    404: errorResponse("No such file for this caller, or a wrong signature"),
    410: errorResponse("The files were deleted after the decision"),
  },
});

/** The multipart body, read with its size limit, as fields and files. */
async function readUploadForm(request: Request) {
  const bytes = await readBodyUpTo(request, 2 * DOCUMENT_MAX_BYTES + FORM_OVERHEAD_BYTES, documentTooLarge);
  const type = request.headers.get("content-type") ?? "";
  if (!type.toLowerCase().startsWith("multipart/form-data")) throw badForm();
  let form: FormData;
  try {
    form = await new Response(bytes, { headers: { "content-type": type } }).formData();
  } catch {
    throw badForm();
  }
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" && value !== "" ? value : undefined;
  };
  const parsed = documentUploadFieldsSchema.safeParse({
    kind: text("kind"),
    issued_on: text("issued_on"),
    detail: text("detail"),
  });
  if (!parsed.success) throw validationError(parsed.error);
  const fileOf = (name: string) => {
    const value = form.get(name);
    return value instanceof File ? value : null;
  };
  return { fields: parsed.data, front: fileOf("file"), back: fileOf("back") };
}

/** A file name for Content-Disposition: ASCII only (the UTF-8 one in filename*). */
const disposition = (name: string) =>
  `inline; filename="${name.replace(/[^\x20-\x7e]|["\\]/g, "_")}"; filename*=UTF-8''${encodeURIComponent(name)}`;

export const verificationRoutes = createApi()
  .openapi(status, async (c) => c.json(await verificationStatus(c.var.db, await callerProfile(c)), 200))
  .openapi(upload, async (c) => {
    const profile = await callerProfile(c, "parent", "babysitter");
    await consume(c.var.db, [{ name: "verificationUploadPerUser", subject: profile.id }]);
    const form = await readUploadForm(c.req.raw);
    const document = await submitDocument(c.var.db, c.env.DOCUMENTS, profile, callerOrigin(c), form);
    return c.json(document, 201);
  })
  .openapi(withdraw, async (c) => {
    const profile = await callerProfile(c);
    await withdrawDocument(c.var.db, c.env.DOCUMENTS, profile, c.req.valid("param").id);
    return c.json(await verificationStatus(c.var.db, profile), 200);
  })
  .openapi(links, async (c) => {
    const viewer = await callerProfile(c);
    const answer = await documentLinks(
      c.var.db,
      c.env.BETTER_AUTH_SECRET,
      viewer,
      callerOrigin(c),
      c.req.valid("param").id,
    );
    return c.json(answer, 200);
  })
  .openapi(file, async (c) => {
    const { id, side } = c.req.valid("param");
    const { expires, sig } = c.req.valid("query");
    const viewer = await callerProfile(c);
    const found = await openSignedFile(c.var.db, c.env.DOCUMENTS, c.env.BETTER_AUTH_SECRET, viewer, {
      documentId: id,
      side,
      expires,
      sig,
    });
    return c.body(found.object.body, 200, {
      "content-type": found.type,
      "content-length": String(found.object.size),
      "cache-control": "private, no-store",
      "content-disposition": disposition(found.fileName),
    }) as never;
  });
