// The admin console's Subscriptions section (/api/admin/subscriptions) against the Stripe double:
// only admins use it; suspending pauses the plan at Stripe then here, reactivating resumes it; a
// refund goes through Stripe (never more than was paid), ends the plan, reads 'refunded' on her
// invoice, and is made once whatever the clicks: the dialog's request key names it.
import { beforeAll, describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS } from "../../db/seed/demo-accounts";
import { receivedSince, requestCount, stripeApi, subscribedSitter } from "./billing-helpers";
import { baseUrl, burst, call, countRows, type Member, memberOf, newMember, queryRows } from "./helpers";

let admin: Member;
const reason = "Litige bancaire";
const subscriptionsCall = (method: string, path: string, json?: unknown, cookie = admin.cookie) =>
  call(method, `/api/admin/subscriptions${path}`, { cookie, json, headers: { "accept-language": "fr" } });
const statusOf = async (id: string) =>
  String((await queryRows("SELECT status FROM subscriptions WHERE id = ?", [id]))[0].status);
const auditCount = (id: string, action: string) =>
  countRows("SELECT count(*) FROM audit_events WHERE resource = ? AND action = ?", [`subscription:${id}`, action]);

beforeAll(async () => {
  admin = await memberOf(DEMO_ACCOUNTS.admin.email);
});

describe("who may use the Subscriptions routes", () => {
  it("refuses anonymous callers (401), parents and babysitters (403), and changes nothing", async () => {
    const { sitter, subscription } = await subscribedSitter();
    const parent = await newMember("parent");
    const mark = await requestCount();
    const routes = [
      ["GET", ""],
      ["GET", "/export"],
      ["POST", `/${subscription.id}/suspend`, { reason }],
      ["POST", `/${subscription.id}/reactivate`, { reason }],
      ["POST", `/${subscription.id}/refund`, { amount_cents: 100, reason: "fraud", request_key: crypto.randomUUID() }],
    ] as const;
    for (const [method, path, body] of routes) {
      expect((await call(method, `/api/admin/subscriptions${path}`, { json: body })).status).toBe(401);
      for (const member of [parent, sitter])
        expect(
          (await call(method, `/api/admin/subscriptions${path}`, { json: body, cookie: member.cookie })).status,
        ).toBe(403);
    }
    expect(await statusOf(subscription.id)).toBe("active");
    expect(await receivedSince(mark)).toEqual([]);
  });
});

describe("the list", () => {
  it("shows a paid plan with what she paid, her card and the stat cards; refuses a bad filter", async () => {
    const { sitter, subscription } = await subscribedSitter("premium");
    const listed = await subscriptionsCall("GET", `?q=${encodeURIComponent(sitter.email)}`);
    expect(listed.status).toBe(200);
    expect(listed.body.rows).toHaveLength(2); // the Discovery trial she started with (ended by Premium), and Premium
    const premium = listed.body.rows.find((row: { id: string }) => row.id === subscription.id);
    expect(premium).toMatchObject({
      plan: "premium",
      status: "active",
      amount_cents: 3900,
      total_paid_cents: 3900,
      refunded_cents: 0,
    });
    expect(premium.next_billing).not.toBeNull();
    for (const key of ["paid_active", "mrr_cents", "trialing", "past_due"])
      expect(listed.body.stats[key]).toBeGreaterThanOrEqual(0);
    expect(listed.body.stats.paid_active).toBeGreaterThanOrEqual(1);
    const filtered = await subscriptionsCall("GET", `?q=${encodeURIComponent(sitter.email)}&status=canceled`);
    expect(filtered.body.rows.map((row: { plan: string }) => row.plan)).toEqual(["discovery"]);
    for (const query of ["?status=frozen", "?plan=gold", "?page_size=3", "?sort=secret"])
      expect((await subscriptionsCall("GET", query)).status, query).toBe(400);
  });
});

describe("suspending and reactivating", () => {
  it("pause the plan at Stripe then here (features off), resume it, each audited once", async () => {
    const { sitter, subscription } = await subscribedSitter();
    const mark = await requestCount();
    const suspended = await subscriptionsCall("POST", `/${subscription.id}/suspend`, { reason });
    expect(suspended.status).toBe(200);
    expect(suspended.body.subscription).toMatchObject({ status: "paused", next_billing: null });
    const [{ stripe_subscription_id: stripeId }] = await queryRows(
      "SELECT stripe_subscription_id FROM subscriptions WHERE id = ?",
      [subscription.id],
    );
    const paused = (await receivedSince(mark)).filter((r) => r.path === `/v1/subscriptions/${stripeId}`);
    expect(paused.map((r) => r.params["pause_collection[behavior]"])).toEqual(["void"]);
    expect(
      (await queryRows("SELECT subscription_plan FROM babysitter_profiles WHERE profile_id = ?", [sitter.profileId]))[0]
        .subscription_plan,
    ).toBe("discovery");
    expect((await subscriptionsCall("POST", `/${subscription.id}/suspend`, { reason })).status).toBe(409);

    const resumed = await subscriptionsCall("POST", `/${subscription.id}/reactivate`, { reason: "Régularisé" });
    expect(resumed.body.subscription.status).toBe("active");
    expect(
      (await queryRows("SELECT subscription_plan FROM babysitter_profiles WHERE profile_id = ?", [sitter.profileId]))[0]
        .subscription_plan,
    ).toBe("standard");
    expect(await auditCount(subscription.id, "admin.subscription.suspend")).toBe(1);
    expect(await auditCount(subscription.id, "admin.subscription.reactivate")).toBe(1);
    expect((await subscriptionsCall("POST", `/${subscription.id}/reactivate`, { reason })).status).toBe(409);
  });

  it("20 suspensions at the same instant: one pauses the plan, once at Stripe, one audit entry", async () => {
    const { subscription } = await subscribedSitter();
    const mark = await requestCount();
    const { tally } = await burst(20, () => subscriptionsCall("POST", `/${subscription.id}/suspend`, { reason }));
    expect(tally[200]).toBe(1);
    expect(tally[409]).toBe(19);
    expect((await receivedSince(mark)).filter((r) => r.params["pause_collection[behavior]"] === "void")).toHaveLength(
      1,
    );
    expect(await auditCount(subscription.id, "admin.subscription.suspend")).toBe(1);
  });
});

describe("a refund", () => {
  const refundBody = (amount: number, key = crypto.randomUUID(), why = "customer_request") => ({
    amount_cents: amount,
    reason: why,
    request_key: key,
  });

  it("refuses more than was paid, a missing reason, and changes nothing", async () => {
    const { subscription } = await subscribedSitter();
    const mark = await requestCount();
    const tooMuch = await subscriptionsCall("POST", `/${subscription.id}/refund`, refundBody(1901));
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.error.message).toBe("Le montant dépasse ce qui reste à rembourser (19 €).");
    const noReason = await subscriptionsCall("POST", `/${subscription.id}/refund`, {
      amount_cents: 500,
      request_key: crypto.randomUUID(),
    });
    expect(noReason.status).toBe(400);
    expect(noReason.body.error.message).toBe("Choisissez un motif de remboursement");
    expect((await subscriptionsCall("POST", `/${subscription.id}/refund`, refundBody(0))).status).toBe(400);
    expect(await receivedSince(mark)).toEqual([]);
    expect(await statusOf(subscription.id)).toBe("active");
  });

  it("goes through Stripe, ends the plan, and her invoice reads refunded; the rest can be refunded later", async () => {
    const { sitter, subscription } = await subscribedSitter();
    const mark = await requestCount();
    const key = crypto.randomUUID();
    const refunded = await subscriptionsCall("POST", `/${subscription.id}/refund`, refundBody(1000, key));
    expect(refunded.status).toBe(200);
    expect(refunded.body).toMatchObject({
      refunded_cents: 1000,
      replayed: false,
      subscription: { status: "canceled", refunded_cents: 1000 },
    });
    const asked = (await receivedSince(mark)).filter((r) => r.path === "/v1/refunds");
    expect(asked).toHaveLength(1);
    expect(asked[0].params.amount).toBe("1000");
    expect(asked[0].idempotencyKey).toMatch(new RegExp(`^refund-${key}-`));
    const invoices = (await stripeApi(sitter, "GET", "get-invoices")).body.invoices;
    expect(invoices[0].refunded).toBe(1000);
    expect(await auditCount(subscription.id, "admin.refund")).toBe(1);

    const rest = await subscriptionsCall("POST", `/${subscription.id}/refund`, refundBody(900));
    expect(rest.body).toMatchObject({ refunded_cents: 900, subscription: { refunded_cents: 1900 } });
    expect((await subscriptionsCall("POST", `/${subscription.id}/refund`, refundBody(1))).status).toBe(409);
  });

  it("two clicks (20 requests with one key at the same instant) make one refund at Stripe", async () => {
    const { subscription } = await subscribedSitter();
    const mark = await requestCount();
    const key = crypto.randomUUID();
    const { answers } = await burst(20, () =>
      subscriptionsCall("POST", `/${subscription.id}/refund`, refundBody(1900, key)),
    );
    for (const answer of answers) expect([200, 409]).toContain(answer.status);
    expect(answers.filter((answer) => answer.status === 200).length).toBeGreaterThanOrEqual(1);
    const asked = (await receivedSince(mark)).filter((r) => r.path === "/v1/refunds");
    expect(new Set(asked.map((r) => r.idempotencyKey)).size).toBe(1);
    expect(await countRows("SELECT count(*) FROM refunds WHERE request_key = ?", [key])).toBe(1);
    const again = await subscriptionsCall("POST", `/${subscription.id}/refund`, refundBody(1900, key));
    expect(again.body).toMatchObject({ refunded_cents: 1900, replayed: true });
    expect(await auditCount(subscription.id, "admin.refund")).toBe(1);
  });
});

describe("the CSV export", () => {
  it("holds exactly the filtered rows with the console's columns", async () => {
    const { sitter } = await subscribedSitter();
    const listed = (await subscriptionsCall("GET", `?q=${encodeURIComponent(sitter.email)}`)).body.rows;
    const response = await fetch(`${baseUrl()}/api/admin/subscriptions/export?q=${encodeURIComponent(sitter.email)}`, {
      headers: { cookie: admin.cookie, "accept-language": "fr" },
    });
    const lines = (await response.text())
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(lines[0]).toBe(
      "Identifiant;Utilisateur;Email;Abonnement;Statut;Montant (€);Ville;Début;Prochaine facturation",
    );
    expect(lines.slice(1).map((line) => line.split(";")[0])).toEqual(listed.map((row: { id: string }) => row.id));
  });
});
