// /api/children: a parent's own children only. Another parent's child id answers 404 and stays as
// it was; a babysitter (or anyone but the parent) is never served a child here.
import { beforeAll, describe, expect, it } from "vitest";
import { call, countRows, execute, insertBooking, type Member, newMember, queryRows } from "./helpers";

const EN = { "accept-language": "en" };
const childRow = async (id: string) =>
  (await queryRows("SELECT * FROM children WHERE id = ?", [id]))[0] as Record<string, unknown> | undefined;

describe("/api/children", () => {
  let parent: Member;
  let otherParent: Member;
  let sitter: Member;
  beforeAll(async () => {
    [parent, otherParent, sitter] = await Promise.all([
      newMember("parent"),
      newMember("parent"),
      newMember("babysitter"),
    ]);
  });

  it("needs a session", async () => {
    expect((await call("GET", "/api/children")).status).toBe(401);
    expect((await call("POST", "/api/children", { json: { name: "Lou", age: 4 } })).status).toBe(401);
  });

  it("adds, lists, edits and deletes the parent's own children", async () => {
    const added = await call("POST", "/api/children", {
      cookie: parent.cookie,
      json: { name: "  Lou ", age: 4, allergies: "Lait", special_needs: "" },
    });
    expect(added.status).toBe(201);
    expect(added.body.child).toMatchObject({ name: "Lou", age: 4, allergies: "Lait", special_needs: null });
    const id = added.body.child.id;
    expect(await childRow(id)).toMatchObject({ parent_id: parent.profileId, name: "Lou", age: 4 });

    const list = await call("GET", "/api/children", { cookie: parent.cookie });
    expect(list.status).toBe(200);
    expect(list.body.children.map((c: any) => c.id)).toEqual([id]);

    const edited = await call("PATCH", `/api/children/${id}`, {
      cookie: parent.cookie,
      json: { age: 5, allergies: "", special_needs: "Asthme léger" },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.child).toMatchObject({ name: "Lou", age: 5, allergies: null, special_needs: "Asthme léger" });
    expect(await childRow(id)).toMatchObject({ age: 5, allergies: null, special_needs: "Asthme léger" });

    const removed = await call("DELETE", `/api/children/${id}`, { cookie: parent.cookie });
    expect(removed.status).toBe(200);
    expect(await childRow(id)).toBeUndefined();
    expect((await call("DELETE", `/api/children/${id}`, { cookie: parent.cookie })).status).toBe(404);
  });

  it("refuses invalid children with the validation messages in French and English, adding nothing", async () => {
    const before = await countRows("SELECT count(*) FROM children WHERE parent_id = ?", [parent.profileId]);
    const cases: [Record<string, unknown>, string, string, string][] = [
      [{ name: "Lou", age: 19 }, "age", "Âge invalide (0-18 ans)", "Invalid age (0-18 years)"],
      [{ name: "Lou", age: -1 }, "age", "Âge invalide (0-18 ans)", "Invalid age (0-18 years)"],
      [{ name: "Lou", age: 3.5 }, "age", "Âge invalide (0-18 ans)", "Invalid age (0-18 years)"],
      [{ name: "Lou", age: "3" }, "age", "Âge invalide (0-18 ans)", "Invalid age (0-18 years)"],
      [{ name: "Lou" }, "age", "Âge invalide (0-18 ans)", "Invalid age (0-18 years)"],
      [{ name: "  ", age: 3 }, "name", "Ce champ est obligatoire", "This field is required"],
      [
        { name: "Lou", age: 3, special_needs: "x".repeat(201) },
        "special_needs",
        "Maximum 200 caractères autorisés",
        "Maximum 200 characters allowed",
      ],
      [
        { name: "Lou", age: 3, allergies: "x".repeat(201) },
        "allergies",
        "Maximum 200 caractères autorisés",
        "Maximum 200 characters allowed",
      ],
    ];
    for (const [json, field, fr, en] of cases) {
      const french = await call("POST", "/api/children", { cookie: parent.cookie, json });
      expect(french.status, JSON.stringify(json)).toBe(400);
      expect(french.body.error).toMatchObject({ field, message: fr });
      const english = await call("POST", "/api/children", { cookie: parent.cookie, json, headers: EN });
      expect(english.body.error.message).toBe(en);
    }
    const foreignParent = await call("POST", "/api/children", {
      cookie: parent.cookie,
      json: { name: "Lou", age: 3, parent_id: otherParent.profileId },
    });
    expect(foreignParent.body.error).toMatchObject({ code: "UNKNOWN_FIELD", field: "parent_id" });
    const malformed = await call("POST", "/api/children", { cookie: parent.cookie, raw: "{name:" });
    expect(malformed.body.error).toMatchObject({
      code: "INVALID_JSON",
      message: "Requête invalide : le corps n'est pas un JSON valide",
    });
    const malformedEn = await call("POST", "/api/children", { cookie: parent.cookie, raw: "{name:", headers: EN });
    expect(malformedEn.body.error.message).toBe("Invalid request: the body is not valid JSON");
    expect(await countRows("SELECT count(*) FROM children WHERE parent_id = ?", [parent.profileId])).toBe(before);
    expect(await countRows("SELECT count(*) FROM children WHERE parent_id = ?", [otherParent.profileId])).toBe(0);
  });

  it("never lets a parent see, change or delete another parent's child", async () => {
    const theirs = await call("POST", "/api/children", { cookie: otherParent.cookie, json: { name: "Nina", age: 7 } });
    const id = theirs.body.child.id;
    const before = await childRow(id);

    const list = await call("GET", "/api/children", { cookie: parent.cookie });
    expect(list.body.children.map((c: any) => c.id)).not.toContain(id);
    const edit = await call("PATCH", `/api/children/${id}`, { cookie: parent.cookie, json: { name: "Volée", age: 1 } });
    expect(edit.status).toBe(404);
    expect(edit.body.error).toEqual({ code: "NOT_FOUND", message: "Enfant introuvable" });
    const emptyEdit = await call("PATCH", `/api/children/${id}`, { cookie: parent.cookie, json: {} });
    expect(emptyEdit.status).toBe(404);
    const remove = await call("DELETE", `/api/children/${id}`, { cookie: parent.cookie, headers: EN });
    expect(remove.status).toBe(404);
    expect(remove.body.error.message).toBe("Child not found");
    expect(await childRow(id)).toEqual(before);
  });

  it("is for parents only: a babysitter gets 403, is served no child and changes none", async () => {
    const theirs = await call("POST", "/api/children", { cookie: otherParent.cookie, json: { name: "Malo", age: 2 } });
    const id = theirs.body.child.id;
    const before = await childRow(id);
    const list = await call("GET", "/api/children", { cookie: sitter.cookie });
    expect(list.status).toBe(403);
    expect(list.body).not.toHaveProperty("children");
    const add = await call("POST", "/api/children", { cookie: sitter.cookie, json: { name: "Lou", age: 4 } });
    expect(add.status).toBe(403);
    expect((await call("PATCH", `/api/children/${id}`, { cookie: sitter.cookie, json: { age: 9 } })).status).toBe(403);
    expect((await call("DELETE", `/api/children/${id}`, { cookie: sitter.cookie })).status).toBe(403);
    expect(await childRow(id)).toEqual(before);
    expect(await countRows("SELECT count(*) FROM children WHERE parent_id = ?", [sitter.profileId])).toBe(0);
  });

  it("keeps a child that a pending or confirmed booking names, and lets it go once the booking is over", async () => {
    const added = await call("POST", "/api/children", { cookie: parent.cookie, json: { name: "Jade", age: 6 } });
    const childId = added.body.child.id;
    for (const status of ["pending", "confirmed"]) {
      const bookingId = await insertBooking(parent.profileId, sitter.profileId, status);
      await execute("INSERT INTO booking_children (booking_id, child_id) VALUES (?, ?)", [bookingId, childId]);
      const refused = await call("DELETE", `/api/children/${childId}`, { cookie: parent.cookie });
      expect(refused.status, status).toBe(409);
      expect(refused.body.error).toEqual({
        code: "CHILD_ON_ACTIVE_BOOKING",
        message: "Cet enfant figure sur une réservation en attente ou confirmée : annulez-la avant de le supprimer.",
      });
      expect(await childRow(childId)).toBeDefined();
      await execute("UPDATE bookings SET status = ? WHERE id = ?", [
        status === "pending" ? "cancelled" : "completed",
        bookingId,
      ]);
    }
    const removed = await call("DELETE", `/api/children/${childId}`, { cookie: parent.cookie });
    expect(removed.status).toBe(200);
    expect(await childRow(childId)).toBeUndefined();
    expect(await countRows("SELECT count(*) FROM booking_children WHERE child_id = ?", [childId])).toBe(0);
  });
});
