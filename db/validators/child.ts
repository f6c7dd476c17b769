// Children of a parent: name and age required, age an integer 0-18,
// special needs and allergies at most 200 characters. Messages are i18n keys.
import { z } from "zod";
import { createInsertSchema, createSelectSchema } from "drizzle-zod";
import { children } from "../schema/profiles";
import { CHILD_AGE_MAX, CHILD_AGE_MIN, CHILD_NAME_MAX_LENGTH, CHILD_NOTE_MAX_LENGTH } from "../constants/limits";

export const childNameField = z
  .string({ error: "validation.required" })
  .trim()
  .min(1, "validation.required")
  .max(CHILD_NAME_MAX_LENGTH, "profiles.validation.childNameTooLong");

/** Any non-integer or out-of-range age gives the same message: 'Âge invalide (0-18 ans)'. */
export const childAgeField = z
  .number({ error: "validation.ageInvalid" })
  .int("validation.ageInvalid")
  .min(CHILD_AGE_MIN, "validation.ageInvalid")
  .max(CHILD_AGE_MAX, "validation.ageInvalid");

// Messages that quote their own limit ({{childNoteMaxLength}}), so the form shows the number too.
const childNoteField = z.string().trim().max(CHILD_NOTE_MAX_LENGTH, "profiles.validation.childNoteTooLong");

export const childSelectSchema = createSelectSchema(children);
export const childInsertSchema = createInsertSchema(children, {
  name: childNameField,
  age: childAgeField,
  specialNeeds: childNoteField.nullish(),
  allergies: childNoteField.nullish(),
});

/** POST /api/children body (parent_id comes from the session, never from the body). */
export const childCreateBodySchema = z.strictObject({
  name: childNameField,
  age: childAgeField,
  special_needs: childNoteField.optional(),
  allergies: childNoteField.optional(),
});
export type ChildCreateBody = z.infer<typeof childCreateBodySchema>;

/** The form reads the age from a text input: accept "7" as 7, still refuse "7.5" or "abc". */
export const childFormSchema = childCreateBodySchema.extend({
  age: z.preprocess((v) => (typeof v === "string" && /^\s*\d+\s*$/.test(v) ? Number(v) : v), childAgeField),
});

/** PATCH /api/children/{id} body: any of the fields, unknown fields refused. */
export const childUpdateBodySchema = childCreateBodySchema.partial();
export type ChildUpdateBody = z.infer<typeof childUpdateBodySchema>;

/** The API's view of a child (its parent's eyes only). */
export const childDtoSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    age: z.number().int(),
    special_needs: z.string().nullable(),
    allergies: z.string().nullable(),
    created_at: z.string(),
  })
  .meta({ id: "Child" });
export type ChildDto = z.infer<typeof childDtoSchema>;
