// A local stand-in for Stripe's API (the only part of billing outside this machine), for the API
// tests: the Worker's official `stripe` SDK is pointed at it (STRIPE_API_BASE → host, port,
// protocol). It keeps customers, subscriptions, invoices and payment intents like Stripe does for
// the calls we make, checks what it receives (secret key, form fields, idempotency keys), and
// records every request so the tests can assert them. Tests drive it over HTTP (`/__control/...`):
// the card "paying" a PaymentIntent, the requests received, a reset, and (for the concurrency tests)
// how long a path takes to answer and how many of its next calls fail. Like Stripe, a request whose
// idempotency key is still in flight gets a 409 (idempotency_key_in_use), and a replay of a
// completed one gets the first answer.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";

export const DOUBLE_SECRET_KEY = "sk_test_veilleuse_double";
export const DOUBLE_PRICES = { standard: "price_standard_monthly", premium: "price_premium_monthly" } as const;
const PRICE_AMOUNTS: Record<string, number> = {
  [DOUBLE_PRICES.standard]: 1900,
  [DOUBLE_PRICES.premium]: 3900,
};

export type ReceivedRequest = {
  method: string;
  path: string;
  /** Form body (POST) or query (GET), nested the way Stripe encodes it: items[0][price]. */
  params: Record<string, string>;
  idempotencyKey: string | null;
};

type Json = Record<string, any>;

const now = () => Math.floor(Date.now() / 1000);

/** Stripe's answer to a request whose idempotency key is still being processed. */
const IDEMPOTENCY_KEY_IN_USE = {
  error: {
    type: "idempotency_error",
    code: "idempotency_key_in_use",
    message:
      "There is currently another in-progress request using this Stripe API Key and idempotency key. Please try again later.",
  },
};

/** Adds a month like Stripe's billing anchor (same day, clamped): enough for the double. */
const plusMonth = (seconds: number) => {
  const d = new Date(seconds * 1000);
  d.setUTCMonth(d.getUTCMonth() + 1);
  return Math.floor(d.getTime() / 1000);
};

export class StripeDouble {
  readonly requests: ReceivedRequest[] = [];
  private server: Server | null = null;
  private seq = 0;
  private customers = new Map<string, Json>();
  private subscriptions = new Map<string, Json>();
  private invoices = new Map<string, Json>();
  private intents = new Map<string, Json>();
  /** Connect: the babysitters' Express accounts. */
  private accounts = new Map<string, Json>();
  private idempotent = new Map<string, unknown>();
  /** Idempotency keys of requests still being answered. */
  private inFlight = new Set<string>();
  /** Milliseconds a path (prefix) takes to answer, and how many of its next calls fail. */
  private delays = new Map<string, number>();
  private failures = new Map<string, number>();
  url = "";

  async start(): Promise<string> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((done) => this.server!.listen(0, "127.0.0.1", done));
    const { port } = this.server.address() as { port: number };
    this.url = `http://127.0.0.1:${port}`;
    return this.url;
  }

  async stop(): Promise<void> {
    await new Promise((done) => this.server?.close(done));
  }

  private id(prefix: string) {
    return `${prefix}_${(++this.seq).toString().padStart(6, "0")}${Math.random().toString(36).slice(2, 8)}`;
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? "/", this.url);
    const body = await new Promise<string>((done) => {
      let text = "";
      req.on("data", (chunk) => (text += chunk));
      req.on("end", () => done(text));
    });
    const send = (status: number, json: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { "content-type": "application/json", ...headers });
      res.end(JSON.stringify(json));
    };
    try {
      if (url.pathname.startsWith("/__control/")) return this.control(url, body, send);
      if (url.pathname.startsWith("/files/invoices/")) {
        res.writeHead(200, { "content-type": "application/pdf" });
        return res.end(`%PDF-1.4\n% Stripe double invoice ${url.pathname.split("/").pop()}\n%%EOF\n`);
      }
      const params = Object.fromEntries(
        new URLSearchParams(req.method === "GET" || req.method === "DELETE" ? url.search : body),
      );
      const idempotencyKey = (req.headers["idempotency-key"] as string | undefined) ?? null;
      this.requests.push({ method: req.method!, path: url.pathname, params, idempotencyKey });
      if (req.headers.authorization !== `Bearer ${DOUBLE_SECRET_KEY}`) {
        return send(401, { error: { type: "invalid_request_error", message: "Invalid API Key provided" } });
      }
      const cacheKey = idempotencyKey && `${req.method} ${url.pathname} ${idempotencyKey}`;
      if (cacheKey && this.idempotent.has(cacheKey)) return send(200, this.idempotent.get(cacheKey));
      if (cacheKey && this.inFlight.has(cacheKey)) return send(409, IDEMPOTENCY_KEY_IN_USE);
      if (cacheKey) this.inFlight.add(cacheKey);
      try {
        const delay = this.setting(this.delays, url.pathname);
        if (delay) await new Promise((done) => setTimeout(done, delay));
        if (this.takeFailure(url.pathname)) {
          // A server error Stripe asks the SDK not to retry (nothing was done).
          return send(
            500,
            { error: { type: "api_error", message: "Injected failure" } },
            { "stripe-should-retry": "false" },
          );
        }
        const [status, json] = this.route(req.method!, url.pathname, params);
        if (cacheKey && status === 200) this.idempotent.set(cacheKey, json);
        return send(status, json);
      } finally {
        if (cacheKey) this.inFlight.delete(cacheKey);
      }
    } catch (error) {
      return send(400, { error: { type: "invalid_request_error", message: String(error) } });
    }
  }

  private control(url: URL, body: string, send: (status: number, json: unknown) => void) {
    const [, , action, id] = url.pathname.split("/");
    if (action === "requests") return send(200, this.requests);
    if (action === "reset") {
      this.requests.length = 0;
      this.delays.clear();
      this.failures.clear();
      return send(200, { ok: true });
    }
    if (action === "delay" || action === "fail") {
      const { path, ms, times } = JSON.parse(body) as { path: string; ms?: number; times?: number };
      const table = action === "delay" ? this.delays : this.failures;
      const value = action === "delay" ? (ms ?? 0) : (times ?? 1);
      if (value > 0) table.set(path, value);
      else table.delete(path);
      return send(200, { ok: true });
    }
    if (action === "pay") return send(200, this.pay(id));
    if (action === "decline") return send(200, this.decline(id));
    if (action === "complete-onboarding") {
      // She gave her details and bank account on Stripe's pages.
      Object.assign(this.accounts.get(id)!, { details_submitted: true, charges_enabled: true, payouts_enabled: true });
      return send(200, this.accounts.get(id));
    }
    if (action === "account") return send(200, this.accounts.get(id) ?? null);
    if (action === "intent") return send(200, this.intents.get(id) ?? null);
    if (action === "subscription") return send(200, this.subscriptionView(id, ["latest_invoice"]));
    if (action === "invoice") return send(200, this.invoices.get(id));
    if (action === "set-subscription") {
      Object.assign(this.subscriptions.get(id)!, JSON.parse(body));
      return send(200, this.subscriptionView(id, []));
    }
    return send(404, { error: "unknown control" });
  }

  /** The value set for the longest path prefix of `path`, if any. */
  private setting(table: Map<string, number>, path: string): number {
    const prefix = [...table.keys()].filter((p) => path.startsWith(p)).sort((a, b) => b.length - a.length)[0];
    return prefix === undefined ? 0 : table.get(prefix)!;
  }

  private takeFailure(path: string): boolean {
    const prefix = [...this.failures.keys()].find((p) => path.startsWith(p));
    if (prefix === undefined) return false;
    const left = this.failures.get(prefix)! - 1;
    if (left > 0) this.failures.set(prefix, left);
    else this.failures.delete(prefix);
    return true;
  }

  /** The card confirms the PaymentIntent: the invoice is paid and the subscription becomes active. */
  pay(paymentIntentId: string) {
    const intent = this.intents.get(paymentIntentId);
    if (!intent) throw new Error(`no payment intent ${paymentIntentId}`);
    intent.status = "succeeded";
    intent.last_payment_error = null;
    // A sitting's payment (Connect destination charge) has no invoice.
    if (!intent.invoice) return { intent };
    const invoice = this.invoices.get(intent.invoice)!;
    Object.assign(invoice, {
      status: "paid",
      amount_paid: invoice.amount_due,
      status_transitions: { paid_at: now() },
      hosted_invoice_url: `https://invoice.stripe.com/i/${invoice.id}`,
      invoice_pdf: `${this.url}/files/invoices/${invoice.id}`,
    });
    const subscription = this.subscriptions.get(invoice.parent.subscription_details.subscription)!;
    if (subscription.status === "incomplete") subscription.status = "active";
    return { invoice, subscription: this.subscriptionView(subscription.id, []) };
  }

  decline(paymentIntentId: string) {
    const intent = this.intents.get(paymentIntentId)!;
    intent.status = "requires_payment_method";
    intent.last_payment_error = { message: "Your card was declined.", code: "card_declined" };
    return intent;
  }

  private route(method: string, path: string, p: Record<string, string>): [number, unknown] {
    const parts = path.split("/").filter(Boolean); // v1, resource, id
    const [, resource, id] = parts;
    const expand = Object.entries(p)
      .filter(([key]) => key.startsWith("expand["))
      .map(([, value]) => value);
    if (method === "POST" && resource === "customers" && !id) {
      const customer = {
        id: this.id("cus"),
        object: "customer",
        email: p.email,
        name: p.name,
        metadata: { profile_id: p["metadata[profile_id]"] },
      };
      this.customers.set(customer.id, customer);
      return [200, customer];
    }
    if (resource === "subscriptions") {
      if (method === "POST" && !id) return [200, this.createSubscription(p, expand)];
      const subscription = this.subscriptions.get(id);
      if (!subscription)
        return [404, { error: { type: "invalid_request_error", message: `No such subscription: '${id}'` } }];
      if (method === "GET") return [200, this.subscriptionView(id, expand)];
      if (method === "DELETE") {
        Object.assign(subscription, { status: "canceled", canceled_at: now(), ended_at: now() });
        return [200, this.subscriptionView(id, expand)];
      }
      if (method === "POST") return [200, this.updateSubscription(subscription, p, expand)];
    }
    if (resource === "accounts" && parts[3] === "login_links") {
      if (method !== "POST" || !this.accounts.get(id)?.details_submitted)
        return [
          400,
          { error: { type: "invalid_request_error", message: "Login links are for onboarded Express accounts" } },
        ];
      return [200, { object: "login_link", url: `${this.url}/connect/express/${id}`, created: now() }];
    }
    if (resource === "accounts") return this.accountRoute(method, id, p);
    if (method === "POST" && resource === "account_links") return this.accountLink(p);
    if (method === "POST" && resource === "payment_intents") return this.sittingIntent(id, p);
    if (method === "GET" && resource === "payment_intents") {
      const intent = this.intents.get(id);
      return intent
        ? [200, intent]
        : [404, { error: { type: "invalid_request_error", message: "No such payment_intent" } }];
    }
    if (method === "POST" && resource === "invoices" && id === "create_preview") return this.preview(p);
    if (method === "POST" && resource === "refunds") {
      const intent = this.intents.get(p.payment_intent);
      if (!intent || intent.status !== "succeeded")
        return [400, { error: { type: "invalid_request_error", message: "Not refundable" } }];
      // A sitting's destination charge: the refund must take the transfer back from her account, or
      // the platform would pay it out of its own balance.
      if (intent.transfer_data && p.reverse_transfer !== "true")
        return [
          400,
          {
            error: { type: "invalid_request_error", message: "A destination charge is refunded with reverse_transfer" },
          },
        ];
      // Like Stripe: never more back than the payment, over all its refunds.
      const amount = p.amount === undefined ? intent.amount - (intent.amount_refunded ?? 0) : Number(p.amount);
      if (!(amount > 0) || (intent.amount_refunded ?? 0) + amount > intent.amount)
        return [
          400,
          { error: { type: "invalid_request_error", code: "amount_too_large", message: "Refund exceeds the charge" } },
        ];
      intent.amount_refunded = (intent.amount_refunded ?? 0) + amount;
      return [
        200,
        {
          id: this.id("re"),
          object: "refund",
          amount,
          payment_intent: p.payment_intent,
          status: "succeeded",
          reason: p.reason ?? null,
        },
      ];
    }
    return [
      404,
      { error: { type: "invalid_request_error", message: `Unrecognized request URL (${method}: ${path})` } },
    ];
  }

  /**
   * Connect Express accounts (POST /v1/accounts, GET /v1/accounts/{id}): checks the account asked
   * for is an Express account in France with card payments and transfers, as Veilleuse opens them.
   */
  private accountRoute(method: string, id: string | undefined, p: Record<string, string>): [number, unknown] {
    if (method === "GET" && id) {
      const account = this.accounts.get(id);
      return account
        ? [200, account]
        : [404, { error: { type: "invalid_request_error", message: `No such account: '${id}'` } }];
    }
    if (method !== "POST" || id)
      return [404, { error: { type: "invalid_request_error", message: "Unrecognized request" } }];
    const problems = [
      p.type !== "express" && "type must be express",
      p.country !== "FR" && "country must be FR",
      p["capabilities[card_payments][requested]"] !== "true" && "card_payments not requested",
      p["capabilities[transfers][requested]"] !== "true" && "transfers not requested",
      !p.email && "no email",
    ].filter(Boolean);
    if (problems.length > 0) return [400, { error: { type: "invalid_request_error", message: problems.join("; ") } }];
    const account = {
      id: this.id("acct"),
      object: "account",
      type: "express",
      country: "FR",
      email: p.email,
      details_submitted: false,
      charges_enabled: false,
      payouts_enabled: false,
      requirements: { disabled_reason: "requirements.past_due", currently_due: ["external_account"] },
      metadata: { profile_id: p["metadata[profile_id]"] },
    };
    this.accounts.set(account.id, account);
    return [200, account];
  }

  /** POST /v1/account_links: an onboarding link to one of our accounts, with both return addresses. */
  private accountLink(p: Record<string, string>): [number, unknown] {
    const problems = [
      !this.accounts.has(p.account) && `No such account: '${p.account}'`,
      p.type !== "account_onboarding" && "type must be account_onboarding",
      !URL.canParse(p.return_url ?? "") && "return_url must be a URL",
      !URL.canParse(p.refresh_url ?? "") && "refresh_url must be a URL",
    ].filter(Boolean);
    if (problems.length > 0) return [400, { error: { type: "invalid_request_error", message: problems.join("; ") } }];
    return [
      200,
      {
        object: "account_link",
        url: `${this.url}/connect/onboarding/${p.account}?return_url=${encodeURIComponent(p.return_url)}`,
        created: now(),
        expires_at: now() + 300,
      },
    ];
  }

  /**
   * A sitting's payment: POST /v1/payment_intents (a destination charge to a Connect account, the
   * whole amount transferred: an application fee is refused, Veilleuse takes none) and
   * POST /v1/payment_intents/{id} (a new amount while unpaid).
   */
  private sittingIntent(id: string | undefined, p: Record<string, string>): [number, unknown] {
    const amount = Number(p.amount);
    const invalid = (message: string): [number, unknown] => [
      400,
      { error: { type: "invalid_request_error", message } },
    ];
    if (!Number.isInteger(amount) || amount < 50) return invalid("amount must be an integer of at least 50");
    if (id) {
      const intent = this.intents.get(id);
      if (!intent) return [404, { error: { type: "invalid_request_error", message: "No such payment_intent" } }];
      if (intent.status === "succeeded") return invalid("This PaymentIntent's amount could not be updated: succeeded");
      intent.amount = amount;
      return [200, intent];
    }
    const destination = p["transfer_data[destination]"];
    if (!this.accounts.get(destination)?.charges_enabled) return invalid(`No enabled account: '${destination}'`);
    if (p.currency !== "eur") return invalid("currency must be eur");
    if (p.application_fee_amount !== undefined) return invalid("Veilleuse takes no application fee");
    const intentId = this.id("pi");
    const intent = {
      id: intentId,
      object: "payment_intent",
      amount,
      currency: "eur",
      status: "requires_payment_method",
      client_secret: `${intentId}_secret_double`,
      transfer_data: { destination },
      metadata: { kind: p["metadata[kind]"], booking_id: p["metadata[booking_id]"] },
      last_payment_error: null,
    };
    this.intents.set(intentId, intent);
    return [200, intent];
  }

  private createSubscription(p: Record<string, string>, expand: string[]) {
    if (!this.customers.has(p.customer)) throw new Error(`No such customer: ${p.customer}`);
    const price = p["items[0][price]"];
    const amount = PRICE_AMOUNTS[price];
    if (amount === undefined) throw new Error(`No such price: ${price}`);
    const start = now();
    const subscription: Json = {
      id: this.id("sub"),
      object: "subscription",
      customer: p.customer,
      status: "incomplete",
      cancel_at_period_end: false,
      canceled_at: null,
      pause_collection: null,
      created: start,
      metadata: { plan: p["metadata[plan]"] },
      items: { object: "list", data: [this.item(price, start)] },
      latest_invoice: null,
    };
    this.subscriptions.set(subscription.id, subscription);
    const invoice = this.newInvoice(subscription, amount, start);
    subscription.latest_invoice = invoice.id;
    return this.subscriptionView(subscription.id, expand);
  }

  /**
   * The invoice preview of a price swap (POST /v1/invoices/create_preview): checks it names the
   * customer's subscription, its item, a price, always_invoice and a proration date, and answers the
   * proration lines Stripe would invoice at once (the credit of the old price, the new price's charge).
   */
  private preview(p: Record<string, string>): [number, unknown] {
    const subscription = this.subscriptions.get(p.subscription);
    const item = subscription?.items.data[0];
    const price = p["subscription_details[items][0][price]"];
    const problems = [
      !subscription && "subscription",
      subscription && p.customer !== subscription.customer && "customer",
      item && p["subscription_details[items][0][id]"] !== item.id && "subscription_details[items][0][id]",
      PRICE_AMOUNTS[price] === undefined && "subscription_details[items][0][price]",
      p["subscription_details[proration_behavior]"] !== "always_invoice" && "subscription_details[proration_behavior]",
      !/^\d+$/.test(p["subscription_details[proration_date]"] ?? "") && "subscription_details[proration_date]",
    ].filter(Boolean);
    if (problems.length > 0)
      return [400, { error: { type: "invalid_request_error", message: `Invalid preview: ${problems.join(", ")}` } }];
    const at = Number(p["subscription_details[proration_date]"]);
    const left = this.unusedShare(item, at);
    const proration = (amount: number, description: string) => ({
      object: "line_item",
      amount,
      description,
      period: { start: at, end: item.current_period_end },
      parent: {
        type: "subscription_item_details",
        subscription_item_details: { proration: true, subscription_item: item.id },
      },
    });
    const lines = [
      proration(-Math.round(item.price.unit_amount * left), "Unused time"),
      proration(Math.round(PRICE_AMOUNTS[price] * left), "Remaining time"),
    ];
    const total = lines.reduce((sum, line) => sum + line.amount, 0);
    return [
      200,
      {
        object: "invoice",
        id: null,
        customer: subscription!.customer,
        currency: "eur",
        amount_due: Math.max(0, total),
        total,
        lines: { object: "list", data: lines },
      },
    ];
  }

  /** The share of the item's period left at `at` (seconds), as Stripe prorates. */
  private unusedShare(item: Json, at: number) {
    return Math.max(0, (item.current_period_end - at) / (item.current_period_end - item.current_period_start));
  }

  private updateSubscription(subscription: Json, p: Record<string, string>, expand: string[]) {
    // pause_collection[behavior]=void pauses; an empty pause_collection resumes (Stripe's "unset").
    if (p["pause_collection[behavior]"] !== undefined) {
      if (p["pause_collection[behavior]"] !== "void") throw new Error("pause_collection[behavior] must be void");
      subscription.pause_collection = { behavior: "void", resumes_at: null };
    } else if (p.pause_collection === "") subscription.pause_collection = null;
    if (p.cancel_at_period_end !== undefined) {
      subscription.cancel_at_period_end = p.cancel_at_period_end === "true";
      subscription.canceled_at = subscription.cancel_at_period_end ? now() : null;
    }
    const newPrice = p["items[0][price]"];
    if (newPrice) {
      const item = subscription.items.data[0];
      if (p["items[0][id]"] !== item.id) throw new Error("items[0][id] must name the subscription's item");
      const oldAmount = item.price.unit_amount as number;
      const newAmount = PRICE_AMOUNTS[newPrice];
      // Prorated at the given proration_date (the preview's), or now.
      const at = p.proration_date ? Number(p.proration_date) : now();
      const remaining = this.unusedShare(item, at);
      const due = Math.max(0, Math.round(newAmount * remaining) - Math.round(oldAmount * remaining));
      item.price = { id: newPrice, object: "price", unit_amount: newAmount, currency: "eur" };
      if (p.proration_behavior === "always_invoice") {
        const invoice = this.newInvoice(subscription, due, now());
        subscription.latest_invoice = invoice.id;
        const intent = this.intents.get(invoice.payment_intent)!;
        // The saved card pays the proration at once.
        this.pay(intent.id);
      }
    }
    return this.subscriptionView(subscription.id, expand);
  }

  private item(price: string, start: number) {
    return {
      id: this.id("si"),
      object: "subscription_item",
      price: { id: price, object: "price", unit_amount: PRICE_AMOUNTS[price], currency: "eur" },
      current_period_start: start,
      current_period_end: plusMonth(start),
    };
  }

  private newInvoice(subscription: Json, amount: number, created: number) {
    const intent = {
      id: this.id("pi"),
      object: "payment_intent",
      amount,
      currency: "eur",
      status: "requires_payment_method",
      last_payment_error: null,
      invoice: "",
    };
    const item = subscription.items.data[0];
    const invoice: Json = {
      id: this.id("in"),
      object: "invoice",
      customer: subscription.customer,
      number: `DBL-${String(this.invoices.size + 1).padStart(4, "0")}`,
      amount_due: amount,
      amount_paid: 0,
      currency: "eur",
      status: "open",
      created,
      period_start: created,
      period_end: created,
      hosted_invoice_url: null,
      invoice_pdf: null,
      status_transitions: { paid_at: null },
      parent: { type: "subscription_details", subscription_details: { subscription: subscription.id } },
      lines: { object: "list", data: [{ period: { start: item.current_period_start, end: item.current_period_end } }] },
      confirmation_secret: {
        client_secret: `${intent.id}_secret_${Math.random().toString(36).slice(2)}`,
        type: "payment_intent",
      },
      payment_intent: intent.id,
    };
    intent.invoice = invoice.id;
    this.intents.set(intent.id, intent);
    this.invoices.set(invoice.id, invoice);
    return invoice;
  }

  /** The subscription as the API returns it, expanding latest_invoice (and its payments) when asked. */
  private subscriptionView(id: string, expand: string[]) {
    const subscription = { ...this.subscriptions.get(id)! };
    if (expand.some((e) => e.startsWith("latest_invoice")) && subscription.latest_invoice) {
      subscription.latest_invoice = this.invoiceView(subscription.latest_invoice);
    }
    return subscription;
  }

  invoiceView(id: string) {
    const { payment_intent: paymentIntent, ...invoice } = this.invoices.get(id)!;
    return {
      ...invoice,
      payments: {
        object: "list",
        data: [{ object: "invoice_payment", payment: { type: "payment_intent", payment_intent: paymentIntent } }],
      },
    };
  }
}

export const stripeDoubleVars = (url: string) => ({
  STRIPE_SECRET_KEY: DOUBLE_SECRET_KEY,
  STRIPE_PUBLISHABLE_KEY: "pk_test_veilleuse_double",
  STRIPE_WEBHOOK_SECRET: "whsec_veilleuse_double",
  STRIPE_CONNECT_WEBHOOK_SECRET: "whsec_veilleuse_connect_double",
  STRIPE_PRICE_STANDARD: DOUBLE_PRICES.standard,
  STRIPE_PRICE_PREMIUM: DOUBLE_PRICES.premium,
  STRIPE_API_BASE: url,
});
