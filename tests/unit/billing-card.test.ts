// The card form's rules (db/validators/billing.ts cardDetailsSchema), shared by the demo card form
// and the demo provider's route: number (length, Luhn), expiry (MM/AA, not past), security code.
import { describe, expect, it } from "vitest";
import { cardDetailsSchema, demoConfirmBodySchema, passesLuhn } from "../../db/validators/billing";

const valid = { card_number: "4242 4242 4242 4242", card_expiry: "12/34", card_cvc: "123" };
const problems = (card: Partial<typeof valid>) =>
  Object.fromEntries(
    (cardDetailsSchema.safeParse({ ...valid, ...card }).error?.issues ?? []).map((issue) => [
      issue.path[0],
      issue.message,
    ]),
  );
const now = new Date();
const thisMonth = `${String(now.getUTCMonth() + 1).padStart(2, "0")}/${String(now.getUTCFullYear() % 100).padStart(2, "0")}`;
const lastYear = `${String(now.getUTCMonth() + 1).padStart(2, "0")}/${String((now.getUTCFullYear() - 1) % 100).padStart(2, "0")}`;

describe("the card form's rules", () => {
  it("accepts Stripe's test cards, spaced or not, and this month's expiry", () => {
    expect(problems({})).toEqual({});
    expect(problems({ card_number: "4000-0000-0000-0002", card_expiry: thisMonth })).toEqual({});
    expect(problems({ card_number: "378282246310005", card_cvc: "1234" })).toEqual({});
  });

  it("refuses a number that fails Luhn or has the wrong length", () => {
    expect(passesLuhn("1234567890123456")).toBe(false);
    expect(problems({ card_number: "1234 5678 9012 3456" })).toEqual({ card_number: "billing.cardInvalid" });
    expect(problems({ card_number: "4242 4242" })).toEqual({ card_number: "billing.cardInvalid" });
    expect(problems({ card_number: "4242 4242 4242 424a" })).toEqual({ card_number: "billing.cardInvalid" });
  });

  it("refuses an expiry that is not MM/AA or is past", () => {
    expect(problems({ card_expiry: "13/30" })).toEqual({ card_expiry: "billing.cardExpiryInvalid" });
    expect(problems({ card_expiry: "1230" })).toEqual({ card_expiry: "billing.cardExpiryInvalid" });
    expect(problems({ card_expiry: lastYear })).toEqual({ card_expiry: "billing.cardExpired" });
    expect(problems({ card_expiry: "" })).toEqual({ card_expiry: "validation.required" });
  });

  it("wants 3 digits of security code, 4 for American Express", () => {
    expect(problems({ card_cvc: "12" })).toEqual({ card_cvc: "billing.cardCvcInvalid" });
    expect(problems({ card_cvc: "1234" })).toEqual({ card_cvc: "billing.cardCvcInvalid" });
    expect(problems({ card_number: "378282246310005", card_cvc: "123" })).toEqual({
      card_cvc: "billing.cardCvcInvalid",
    });
  });

  it("is what the demo provider's route checks too", () => {
    const body = { payment_intent_id: "demo_pi_1", ...valid, card_expiry: lastYear };
    expect(demoConfirmBodySchema.safeParse(body).error?.issues[0].message).toBe("billing.cardExpired");
  });
});
