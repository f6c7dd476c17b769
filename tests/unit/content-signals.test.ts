// The automatic filter's signals (edge/services/moderation/content-signals.ts): contact details and
// payments off the platform, in digits and in words, and insults from the maintained French list.
import { describe, expect, it } from "vitest";
import { scoreOf, signalsIn, spelledDigits } from "../../edge/services/moderation/content-signals";

describe("signalsIn", () => {
  it.each([
    ["Appelez-moi au 06 12 34 56 78", ["phone"]],
    ["mon num c'est 0612345678 !", ["phone"]],
    ["+33 7 11 22 33 44 sur WhatsApp", ["phone"]],
    ["zéro six douze trente-quatre cinquante-six soixante-dix-huit", ["phone"]],
    ["zero sept, onze, vingt-deux, trente-trois, quatre-vingt-dix-neuf", ["phone"]],
    ["écris-moi : camille.durand@gmail.com", ["email"]],
    ["camille point durand arobase gmail point com", ["email"]],
    ["tout est sur www.mon-site-perso.fr", ["link"]],
    ["Je préfère être payée en liquide", ["offPlatformPayment"]],
    ["Un Lydia avant samedi ?", ["offPlatformPayment"]],
    ["par PayPal c'est plus simple", ["offPlatformPayment"]],
    ["on règle hors plateforme, c'est moins cher", ["offPlatformPayment"]],
    ["Quelle connasse, vraiment", ["insult"]],
    ["Ce CONNARD n'est jamais venu", ["insult"]],
  ])("finds what %s holds", (text, expected) => {
    expect(signalsIn(text)).toEqual(expected);
  });

  it.each([
    "Bonjour, êtes-vous disponible samedi soir de 19 h à 23 h ?",
    "Mes enfants ont 3 et 6 ans, nous habitons Lyon 3e.",
    "Le tarif de 15 € de l'heure me convient, à samedi !",
    "Elle a été très attentive, les enfants l'adorent.",
    "J'ai le BAFA et le PSC1 depuis 2021.",
  ])("finds nothing in an ordinary message: %s", (text) => {
    expect(signalsIn(text)).toEqual([]);
  });

  it("finds each signal once, however often it appears", () => {
    expect(signalsIn("0612345678 ou 0711223344, et paypal, paypal")).toEqual(["phone", "offPlatformPayment"]);
  });
});

describe("spelledDigits", () => {
  it("writes French number words as two digits each", () => {
    expect(spelledDigits("zéro six douze trente-quatre cinquante-six soixante-dix-huit").replaceAll(" ", "")).toBe(
      "0612345678",
    );
    expect(spelledDigits("quatre-vingt-douze, vingt et un, soixante").replace(/\D/g, "")).toBe("922160");
  });
});

describe("scoreOf", () => {
  it("is the strongest weight plus 0.05 for each other signal, at most 1", () => {
    expect(scoreOf([])).toBe(0);
    expect(scoreOf(["link"])).toBe(0.6);
    expect(scoreOf(["phone"])).toBe(0.9);
    expect(scoreOf(["phone", "link"])).toBe(0.95);
    expect(scoreOf(["phone", "email", "link", "insult", "offPlatformPayment"])).toBe(1);
  });
});
