// Identity verification through the real Worker: sending documents (checked by their bytes, one of a
// kind waiting at a time, limited per account), files only through short-lived links signed for
// their viewer, the console's queue and decisions (from pending only, audited, the badge derived,
// the owner told), and the cron's expiry notices, expiry, file deletion and invitation.
import { createHmac } from "node:crypto";
import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS } from "../../db/seed/demo-accounts";
import { DOCUMENT_MAX_BYTES } from "../../db/constants/verification";
import { REQUEST_LIMITS } from "../../db/constants/limits";
import { JPEG, PDF, PNG, SCRIPT_TEXT } from "../fixtures/images";
import {
  baseUrl,
  burst,
  call,
  countRows,
  eventually,
  execute,
  memberOf,
  newMember,
  ownStack,
  queryRows,
  type Member,
  runCron,
  noticesOf,
} from "./helpers";

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const parisDay = (offsetDays = 0) =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Paris" }).format(new Date(Date.now() + offsetDays * DAY_MS));

type Upload = {
  kind?: string;
  file?: Uint8Array<ArrayBuffer> | null;
  fileType?: string;
  back?: Uint8Array<ArrayBuffer>;
  issued_on?: string;
  detail?: string;
};

function formOf(upload: Upload): FormData {
  const form = new FormData();
  if (upload.kind) form.set("kind", upload.kind);
  if (upload.issued_on) form.set("issued_on", upload.issued_on);
  if (upload.detail) form.set("detail", upload.detail);
  if (upload.file !== null) {
    const file = upload.file ?? PNG;
    const declared = upload.fileType ?? (file[0] === 0x25 ? "application/pdf" : "image/png");
    form.set(
      "file",
      new Blob([file], { type: declared }),
      declared === "application/pdf" ? "document.pdf" : "recto.png",
    );
  }
  if (upload.back) form.set("back", new Blob([upload.back], { type: "image/jpeg" }), "verso.jpg");
  return form;
}

async function send(member: Member | null, upload: Upload, language = "fr") {
  const response = await fetch(`${baseUrl()}/api/verification/documents`, {
    method: "POST",
    headers: { ...(member && { cookie: member.cookie }), "accept-language": language },
    body: formOf(upload),
  });
  return { status: response.status, body: (await response.json()) as any };
}

const documentsOf = (profileId: string) =>
  queryRows("SELECT id, kind, status FROM identity_documents WHERE profile_id = ? ORDER BY created_at", [profileId]);

const isVerified = async (profileId: string) =>
  (await queryRows("SELECT is_verified FROM profiles WHERE id = ?", [profileId]))[0].is_verified === 1;

const linksFor = (member: Member, documentId: string) =>
  call("POST", `/api/verification/documents/${documentId}/links`, { cookie: member.cookie });

const fetchFile = (link: string, cookie?: string) =>
  fetch(`${baseUrl()}${link}`, { headers: cookie ? { cookie } : {} });

let admin: Member;
beforeAll(async () => {
  admin = await memberOf(DEMO_ACCOUNTS.admin.email);
});

describe("POST /api/verification/documents", () => {
  let sitter: Member;
  beforeAll(async () => {
    sitter = await newMember("babysitter");
  });

  it("needs a session, and an admin sends none", async () => {
    expect((await send(null, { kind: "id_document" })).status).toBe(401);
    const refused = await send(admin, { kind: "id_document" });
    expect(refused.status).toBe(403);
    expect(await countRows("SELECT count(*) FROM identity_documents WHERE profile_id = ?", [admin.profileId])).toBe(0);
  });

  it("stores an identity card's two sides, pending, and shows it in the sender's status", async () => {
    const { status, body } = await send(sitter, { kind: "id_document", back: JPEG });
    expect(status).toBe(201);
    expect(body).toMatchObject({
      kind: "id_document",
      status: "pending",
      mime_type: "image/png",
      has_back: true,
      back_mime_type: "image/jpeg",
    });
    const mine = await call("GET", "/api/verification", { cookie: sitter.cookie });
    expect(mine.body.required).toEqual(["id_document", "proof_of_address", "criminal_record"]);
    expect(mine.body.verified).toBe(false);
    expect(mine.body.documents.map((d: { id: string }) => d.id)).toEqual([body.id]);

    const links = await linksFor(sitter, body.id);
    expect(links.status).toBe(200);
    const front = await fetchFile(links.body.front, sitter.cookie);
    expect(front.status).toBe(200);
    expect(front.headers.get("content-type")).toBe("image/png");
    expect(front.headers.get("cache-control")).toBe("private, no-store");
    expect(new Uint8Array(await front.arrayBuffer())).toEqual(PNG);
    const back = await fetchFile(links.body.back, sitter.cookie);
    expect(new Uint8Array(await back.arrayBuffer())).toEqual(JPEG);
  });

  it("reads the type from the bytes: a script named .png, a JPEG declared PNG and a GIF-less form are refused, in French and English", async () => {
    const before = (await documentsOf(sitter.profileId)).length;
    const script = await send(sitter, { kind: "proof_of_address", file: SCRIPT_TEXT, fileType: "application/pdf" });
    expect(script.status).toBe(415);
    expect(script.body.error.message).toBe("Format non accepté : envoyez un JPEG, un PNG, un WebP ou un PDF");
    const mismatch = await send(sitter, { kind: "proof_of_address", file: JPEG, fileType: "image/png" }, "en");
    expect(mismatch.status).toBe(415);
    expect(mismatch.body.error.message).toBe("Format not accepted: send a JPEG, PNG, WebP or PDF");
    expect((await send(sitter, { kind: "proof_of_address", file: null })).status).toBe(400);
    expect((await send(sitter, { kind: "passport" })).status).toBe(400);
    expect((await send(sitter, { kind: "proof_of_address", back: JPEG })).status).toBe(400);
    const notForm = await call("POST", "/api/verification/documents", { cookie: sitter.cookie, json: { kind: "id" } });
    expect(notForm.status).toBe(400);
    expect((await documentsOf(sitter.profileId)).length).toBe(before);
  });

  it("refuses a file over the limit with 413", async () => {
    const big = new Uint8Array(DOCUMENT_MAX_BYTES + 1);
    big.set(PDF);
    const { status } = await send(sitter, { kind: "proof_of_address", file: big, fileType: "application/pdf" });
    expect(status).toBe(413);
  });

  it("asks a criminal record's issue date: missing, ahead or over 3 months old is refused; today's is taken", async () => {
    const record = (issued_on?: string) =>
      send(sitter, { kind: "criminal_record", file: PDF, fileType: "application/pdf", issued_on });
    expect((await record()).status).toBe(400);
    expect((await record(parisDay(2))).status).toBe(400);
    const old = await record(parisDay(-95));
    expect(old.status).toBe(400);
    expect(old.body.error.message).toBe("L'extrait de casier judiciaire doit dater de moins de 3 mois");
    const taken = await record(parisDay(0));
    expect(taken.status).toBe(201);
    expect(taken.body).toMatchObject({ mime_type: "application/pdf", issued_on: parisDay(0), expires_at: null });
  });

  it("keeps one document of a kind waiting: of 20 sent at the same instant, one is stored", async () => {
    const member = await newMember("babysitter");
    const { tally } = await burst(20, () =>
      send(member, { kind: "proof_of_address", file: PDF, fileType: "application/pdf" }),
    );
    expect(tally).toEqual({ 201: 1, 409: 19 });
    expect((await documentsOf(member.profileId)).length).toBe(1);
  });

  it("lets a parent send her identity and address only", async () => {
    const parent = await newMember("parent");
    const record = await send(parent, { kind: "criminal_record", file: PDF, issued_on: parisDay(0) });
    expect(record.status).toBe(403);
    expect((await send(parent, { kind: "id_document" })).status).toBe(201);
    const mine = await call("GET", "/api/verification", { cookie: parent.cookie });
    expect(mine.body.required).toEqual(["id_document", "proof_of_address"]);
  });

  it("takes diplomas by name and references with a note", async () => {
    expect((await send(sitter, { kind: "diploma", detail: "licence" })).status).toBe(400);
    expect((await send(sitter, { kind: "diploma", detail: "psc1" })).status).toBe(201);
    expect((await send(sitter, { kind: "diploma", detail: "bafa" })).status).toBe(201);
    expect((await send(sitter, { kind: "reference" })).status).toBe(400);
    const reference = await send(sitter, {
      kind: "reference",
      detail: "Mme Durand, 06 12 34 56 78, garde de 2022 à 2024",
    });
    expect(reference.status).toBe(201);
    expect(reference.body.detail).toBe("Mme Durand, 06 12 34 56 78, garde de 2022 à 2024");
  });

  it(`limits uploads to ${REQUEST_LIMITS.verificationUploadPerUser.maxAttempts} a day per account, counted at the same instant`, async () => {
    const member = await newMember("babysitter");
    const { tally } = await burst(25, () => send(member, { kind: "diploma", detail: "other" }));
    expect(tally[429]).toBe(5);
    expect((tally[201] ?? 0) + (tally[409] ?? 0)).toBe(20);
  });
});

describe("withdrawing and viewing: only one's own, through links signed for the viewer", () => {
  let owner: Member;
  let other: Member;
  let documentId: string;
  beforeAll(async () => {
    [owner, other] = await Promise.all([newMember("babysitter"), newMember("babysitter")]);
    documentId = (await send(owner, { kind: "id_document" })).body.id;
  });

  it("gives another user 404 for the links, the file and the withdrawal, and changes nothing", async () => {
    expect((await linksFor(other, documentId)).status).toBe(404);
    const ownLinks = await linksFor(owner, documentId);
    expect((await fetchFile(ownLinks.body.front, other.cookie)).status).toBe(404);
    expect((await fetchFile(ownLinks.body.front)).status).toBe(401);
    const withdrawn = await call("DELETE", `/api/verification/documents/${documentId}`, { cookie: other.cookie });
    expect(withdrawn.status).toBe(404);
    expect((await documentsOf(owner.profileId)).length).toBe(1);
  });

  it("refuses a changed signature and an expired link", async () => {
    const links = await linksFor(owner, documentId);
    const tampered = links.body.front.replace(/sig=./, (match: string) => (match.endsWith("A") ? "sig=B" : "sig=A"));
    expect((await fetchFile(tampered, owner.cookie)).status).toBe(404);
    // A link signed correctly but past its time (the test reads the stack's secret to sign it).
    const secret = readFileSync(`${ownStack().dbFile}.dev-secret`, "utf8").trim();
    const expires = Math.floor(Date.now() / 1000) - 10;
    const sig = createHmac("sha256", secret)
      .update(`identity-document-file:${documentId}:front:${owner.profileId}:${expires}`)
      .digest("base64url");
    const expired = await fetchFile(
      `/api/verification/files/${documentId}/front?expires=${expires}&sig=${sig}`,
      owner.cookie,
    );
    expect(expired.status).toBe(403);
  });

  it("lets an admin open it (audited), and the owner withdraw it while pending: the files go", async () => {
    const adminLinks = await linksFor(admin, documentId);
    expect(adminLinks.status).toBe(200);
    expect((await fetchFile(adminLinks.body.front, admin.cookie)).status).toBe(200);
    expect(
      await countRows("SELECT count(*) FROM audit_events WHERE action = 'verification.file_view' AND resource = ?", [
        `identity_document:${documentId}`,
      ]),
    ).toBe(1);
    const ownLinks = await linksFor(owner, documentId);
    const withdrawn = await call("DELETE", `/api/verification/documents/${documentId}`, { cookie: owner.cookie });
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.body.documents).toEqual([]);
    expect((await documentsOf(owner.profileId)).length).toBe(0);
    expect((await fetchFile(ownLinks.body.front, owner.cookie)).status).toBe(404);
  });
});

describe("the console's review", () => {
  let sitter: Member;
  let ids: Record<string, string>;
  beforeAll(async () => {
    sitter = await newMember("babysitter");
    const sent = await Promise.all([
      send(sitter, { kind: "id_document" }),
      send(sitter, { kind: "proof_of_address", file: PDF }),
      send(sitter, { kind: "criminal_record", file: PDF, issued_on: parisDay(-10) }),
    ]);
    ids = Object.fromEntries(sent.map((answer) => [answer.body.kind, answer.body.id]));
  });

  const approve = (id: string, member = admin) =>
    call("POST", `/api/admin/verifications/${id}/approve`, { cookie: member.cookie });
  const reject = (id: string, json: unknown, member = admin) =>
    call("POST", `/api/admin/verifications/${id}/reject`, { cookie: member.cookie, json });

  it("is for admins only: another role gets 403 and nothing changes", async () => {
    expect((await call("GET", "/api/admin/verifications", { cookie: sitter.cookie })).status).toBe(403);
    expect((await approve(ids.id_document, sitter)).status).toBe(403);
    expect((await reject(ids.id_document, { reason: "illegible" }, sitter)).status).toBe(403);
    expect((await call("GET", "/api/admin/verifications")).status).toBe(401);
    expect((await documentsOf(sitter.profileId)).every((d) => d.status === "pending")).toBe(true);
  });

  it("lists pending documents oldest first, with the owner and the stat cards", async () => {
    const pages: any[] = [];
    for (let page = 1; page === 1 || (page - 1) * 25 < pages[0].total; page++) {
      const answer = await call("GET", `/api/admin/verifications?status=pending&page=${page}`, {
        cookie: admin.cookie,
      });
      expect(answer.status).toBe(200);
      pages.push(answer.body);
    }
    const rows = pages.flatMap((page) => page.rows);
    expect(rows).toHaveLength(pages[0].total);
    const created = rows.map((row: { created_at: string }) => row.created_at);
    expect(created).toEqual([...created].sort());
    expect(pages[0].stats.pending).toBe(pages[0].total);
    const mine = rows.find((row: { id: string }) => row.id === ids.id_document);
    expect(mine.owner).toMatchObject({ id: sitter.profileId, user_type: "babysitter", is_verified: false });
    const one = await call("GET", `/api/admin/verifications/${ids.criminal_record}`, { cookie: admin.cookie });
    expect(one.body.document.issued_on).toBe(parisDay(-10));
    expect(one.body.others.map((d: { kind: string }) => d.kind).sort()).toEqual(["id_document", "proof_of_address"]);
    expect((await call("GET", "/api/admin/verifications?status=lost", { cookie: admin.cookie })).status).toBe(400);
    expect(
      (await call("GET", `/api/admin/verifications/${crypto.randomUUID()}`, { cookie: admin.cookie })).status,
    ).toBe(404);
    expect((await call("GET", "/api/admin/verifications/not-an-id", { cookie: admin.cookie })).status).toBe(400);
  });

  it("refuses with a reason from the list, a note for 'other'; the owner is told why", async () => {
    expect((await reject(ids.proof_of_address, { reason: "other" })).status).toBe(400);
    expect((await reject(ids.proof_of_address, { reason: "ugly" })).status).toBe(400);
    const refused = await reject(ids.proof_of_address, { reason: "illegible", note: "Photo floue" });
    expect(refused.status).toBe(200);
    expect(refused.body).toMatchObject({
      status: "rejected",
      rejection_code: "illegible",
      rejection_note: "Photo floue",
    });
    expect(refused.body.reviewer_name).toBeTruthy();
    const [notice] = await eventually(() =>
      queryRows("SELECT message FROM notifications WHERE profile_id = ? AND json_extract(data, '$.event') = ?", [
        sitter.profileId,
        `verificationRejected:${ids.proof_of_address}`,
      ]),
    );
    expect(notice.message).toContain("le document est illisible");
    expect(notice.message).toContain("Photo floue");
    expect((await approve(ids.proof_of_address)).status).toBe(409);
    // A decided document is hers to keep on record: withdrawing it is refused, and it stays.
    const withdrawn = await call("DELETE", `/api/verification/documents/${ids.proof_of_address}`, {
      cookie: sitter.cookie,
    });
    expect(withdrawn.status).toBe(409);
    const kept = (await documentsOf(sitter.profileId)).find((document) => document.id === ids.proof_of_address);
    expect(kept?.status).toBe("rejected");
  });

  it("decides once: of 20 approvals at the same instant one lands, with one audit entry", async () => {
    const { tally } = await burst(20, () => approve(ids.id_document));
    expect(tally).toEqual({ 200: 1, 409: 19 });
    expect(
      await countRows("SELECT count(*) FROM audit_events WHERE action = 'verification.approve' AND resource = ?", [
        `identity_document:${ids.id_document}`,
      ]),
    ).toBe(1);
  });

  it("verifies the profile when identity, address and record are approved, and the record expires a year after issue", async () => {
    expect((await approve(ids.criminal_record)).body.expires_at).toBeTruthy();
    expect(await isVerified(sitter.profileId)).toBe(false);
    const address = await send(sitter, { kind: "proof_of_address", file: PDF });
    expect(address.status).toBe(201);
    expect((await approve(address.body.id)).status).toBe(200);
    expect(await isVerified(sitter.profileId)).toBe(true);
    const [searchRow] = await queryRows("SELECT is_verified FROM sitter_search WHERE profile_id = ?", [
      sitter.profileId,
    ]);
    expect(searchRow.is_verified).toBe(1);
    expect(await eventually(() => noticesOf(sitter.profileId, "verificationComplete"))).toHaveLength(1);
    const [record] = await queryRows("SELECT issued_on, expires_at FROM identity_documents WHERE id = ?", [
      ids.criminal_record,
    ]);
    // Midnight in Paris on the same date a year later: 22:00 or 23:00 UTC the day before.
    const [year, month, day] = String(record.issued_on).split("-").map(Number);
    expect([HOUR_MS, 2 * HOUR_MS]).toContain(
      Date.UTC(year + 1, month - 1, day) - Date.parse(String(record.expires_at)),
    );
    const again = await send(sitter, { kind: "id_document" });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe("DOCUMENT_APPROVED");
  });

  it("announces the record's expiry 30 and 7 days ahead once each, then expires it: the badge goes", async () => {
    const setExpiry = (days: number) =>
      execute("UPDATE identity_documents SET expires_at = ? WHERE id = ?", [
        new Date(Date.now() + days * DAY_MS).toISOString(),
        ids.criminal_record,
      ]);
    await setExpiry(20);
    await runCron();
    await runCron();
    expect(await eventually(() => noticesOf(sitter.profileId, "verificationExpiring"))).toHaveLength(1);
    await setExpiry(5);
    await runCron();
    expect(await eventually(() => noticesOf(sitter.profileId, "verificationExpiring"), 2)).toHaveLength(2);
    // Within the renewal window a new extract may be sent while the current one still counts.
    expect((await send(sitter, { kind: "criminal_record", file: PDF, issued_on: parisDay(0) })).status).toBe(201);
    await setExpiry(-1 / 24);
    await runCron();
    await eventually(() => noticesOf(sitter.profileId, "verificationExpired"));
    const [row] = await queryRows("SELECT status FROM identity_documents WHERE id = ?", [ids.criminal_record]);
    expect(row.status).toBe("expired");
    expect(await isVerified(sitter.profileId)).toBe(false);
    expect(await noticesOf(sitter.profileId, "verificationExpiring")).toHaveLength(2);
  });

  it("deletes the files 30 days after the decision and keeps the decision", async () => {
    await execute("UPDATE identity_documents SET reviewed_at = ? WHERE id = ?", [
      new Date(Date.now() - 31 * DAY_MS).toISOString(),
      ids.proof_of_address,
    ]);
    await runCron();
    await eventually(() =>
      queryRows("SELECT id FROM identity_documents WHERE id = ? AND files_deleted_at IS NOT NULL", [
        ids.proof_of_address,
      ]),
    );
    const links = await linksFor(admin, ids.proof_of_address);
    expect(links.status).toBe(410);
    const [row] = await queryRows("SELECT status, rejection_code FROM identity_documents WHERE id = ?", [
      ids.proof_of_address,
    ]);
    expect(row).toMatchObject({ status: "rejected", rejection_code: "illegible" });
  });
});

describe("the invitation a day after a babysitter signs up", () => {
  it("invites a day-old sitter without documents once, and not one who sent some", async () => {
    const [quiet, busy] = await Promise.all([newMember("babysitter"), newMember("babysitter")]);
    expect((await send(busy, { kind: "id_document" })).status).toBe(201);
    const dayAgo = new Date(Date.now() - DAY_MS - 60_000).toISOString();
    await execute("UPDATE profiles SET created_at = ? WHERE id IN (?, ?)", [dayAgo, quiet.profileId, busy.profileId]);
    await runCron();
    await runCron();
    expect(await eventually(() => noticesOf(quiet.profileId, "identityVerification"))).toHaveLength(1);
    await runCron();
    expect(await noticesOf(quiet.profileId, "identityVerification")).toHaveLength(1);
    expect(await noticesOf(busy.profileId, "identityVerification")).toHaveLength(0);
  });
});

describe("a person's documents in her data export, and gone with her account", () => {
  it("exports what was sent and decided, and deletes a deleted account's files at the next sweep", async () => {
    const member = await newMember("babysitter");
    const sent = await send(member, { kind: "id_document" });
    const exported = await call("GET", "/api/account/export", { cookie: member.cookie });
    expect(exported.status).toBe(200);
    expect(exported.body.identity_documents).toEqual([
      expect.objectContaining({ id: sent.body.id, status: "pending" }),
    ]);
    const links = await linksFor(admin, sent.body.id);
    await execute(`UPDATE "user" SET deleted_at = ? WHERE id = (SELECT user_id FROM profiles WHERE id = ?)`, [
      new Date().toISOString(),
      member.profileId,
    ]);
    await runCron();
    await eventually(() =>
      queryRows("SELECT id FROM identity_documents WHERE id = ? AND files_deleted_at IS NOT NULL", [sent.body.id]),
    );
    expect((await fetchFile(links.body.front, admin.cookie)).status).toBe(410);
  });
});

describe("a record found close to its expiry", () => {
  it("gets the nearest notice only: 5 days ahead, the 7-day notice and not the 30-day one too", async () => {
    const member = await newMember("babysitter");
    const id = crypto.randomUUID();
    await execute(
      `INSERT INTO identity_documents (id, profile_id, kind, status, storage_key, file_name, mime_type, size_bytes, issued_on, expires_at, reviewed_at)
       VALUES (?, ?, 'criminal_record', 'approved', ?, 'casier.pdf', 'application/pdf', 100, ?, ?, ?)`,
      [
        id,
        member.profileId,
        `identity/${member.profileId}/${id}/front`,
        parisDay(-360),
        new Date(Date.now() + 5 * DAY_MS).toISOString(),
        new Date(Date.now() - DAY_MS).toISOString(),
      ],
    );
    await runCron();
    await runCron();
    await eventually(() => noticesOf(member.profileId, "verificationExpiring"));
    const [row] = await queryRows("SELECT expiry_notice_days FROM identity_documents WHERE id = ?", [id]);
    expect(row.expiry_notice_days).toBe(7);
    expect(await noticesOf(member.profileId, "verificationExpiring")).toHaveLength(1);
  });
});
