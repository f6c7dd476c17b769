// What the automatic filter looks for in what members write, with no outside service: contact
// details or a payment off the platform (phone numbers in digits or in French words, emails, links,
// 'Lydia', 'liquide', 'PayPal'...) and insults (a maintained French word list). Each signal has a
// weight; the content's score (0-1, the console's aiScore) is the strongest signal's, plus a little
// for each other one. Whether a score is queued, or hidden at once, is the security settings' call
// (suspiciousActivityThreshold, autoBlockEnabled): see flags.ts.
import { findPhoneNumbersInText } from "libphonenumber-js/min";
import frenchBadWords from "french-badwords-list/dist/array";
import { SIGNAL_WEIGHTS, type ContentSignal } from "@db/constants/moderation";

/** Lower case, accents off, anything but letters, digits, '@' and '.' as a space. */
const fold = (text: string) => text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();

const words = (text: string) =>
  fold(text)
    .split(/[^a-z0-9@.]+/)
    .filter(Boolean);

const INSULTS = new Set(frenchBadWords.map(fold).filter((word) => /^[a-z]+$/.test(word)));

/** A word of the list, or its plural ("bouffons"): the list holds the singular of most words. */
const isInsult = (token: string) => INSULTS.has(token) || (/[sx]$/.test(token) && INSULTS.has(token.slice(0, -1)));

/** Paying outside Veilleuse: the French ways to say it and the apps people name. */
const PAYMENT_WORDS = new Set([
  "lydia",
  "paypal",
  "liquide",
  "especes",
  "cash",
  "paylib",
  "wero",
  "revolut",
  "sumeria",
]);
const PAYMENT_PHRASES = [
  /western\s+union/,
  /virement\s+direct/,
  /hors\s+(de\s+)?(la\s+)?plateforme/,
  /hors\s+veilleuse/,
];

const EMAIL = /[a-z0-9._%+-]+\s*(@|\(at\)|\[at\]|\barobase\b)\s*[a-z0-9-]+\s*(\.|\bpoint\b)\s*[a-z]{2,}/;
const LINK = /\b(https?:\/\/|www\.)\S+|\b[a-z0-9-]+\.(fr|com|net|org|io|me|be|ch)\b/;

const UNITS: Record<string, number> = {
  zero: 0,
  un: 1,
  une: 1,
  deux: 2,
  trois: 3,
  quatre: 4,
  cinq: 5,
  six: 6,
  sept: 7,
  huit: 8,
  neuf: 9,
  dix: 10,
  onze: 11,
  douze: 12,
  treize: 13,
  quatorze: 14,
  quinze: 15,
  seize: 16,
};
const TENS: Record<string, number> = { vingt: 20, vingts: 20, trente: 30, quarante: 40, cinquante: 50, soixante: 60 };

/**
 * French number words turned into digits, each number as two ("zéro six douze trente-quatre" →
 * "06 12 34"): how a phone number is written to slip past a filter of digits. 0-99, with
 * "soixante-dix", "quatre-vingt(s)", "quatre-vingt-dix" and "et".
 */
export function spelledDigits(text: string): string {
  const tokens = fold(text)
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  const unitAt = (k: number) => (k < tokens.length ? UNITS[tokens[k]] : undefined);
  const out: string[] = [];
  let i = 0;
  while (i < tokens.length) {
    let tens: number | undefined;
    if (tokens[i] === "quatre" && (tokens[i + 1] === "vingt" || tokens[i + 1] === "vingts")) {
      tens = 80;
      i += 2;
    } else if (TENS[tokens[i]] !== undefined) {
      tens = TENS[tokens[i]];
      i += 1;
    }
    if (tens === undefined) {
      const unit = unitAt(i);
      // A digit said alone is one digit ("zéro six" is 06); ten to sixteen are two.
      out.push(unit !== undefined ? String(unit) : /^\d+$/.test(tokens[i]) ? tokens[i] : " ");
      i += 1;
      continue;
    }
    if (tokens[i] === "et") i += 1;
    // "soixante-dix-huit", "quatre-vingt-dix-neuf": dix then a digit is seventeen to nineteen.
    if (tokens[i] === "dix" && (unitAt(i + 1) ?? 0) >= 7 && (unitAt(i + 1) ?? 0) <= 9) {
      tens += 10 + unitAt(i + 1)!;
      i += 2;
    } else if ((unitAt(i) ?? 0) >= 1 && unitAt(i)! <= 16) {
      tens += unitAt(i)!;
      i += 1;
    }
    out.push(String(tens));
  }
  return out.join("").replace(/ +/g, " ");
}

const hasPhoneNumber = (text: string) =>
  findPhoneNumbersInText(text, "FR").length > 0 || findPhoneNumbersInText(spelledDigits(text), "FR").length > 0;

/** Every signal in `text`, each once. */
export function signalsIn(text: string): ContentSignal[] {
  const folded = fold(text);
  const tokens = words(text);
  const found: ContentSignal[] = [];
  if (hasPhoneNumber(text)) found.push("phone");
  if (EMAIL.test(folded)) found.push("email");
  if (LINK.test(folded.replace(new RegExp(EMAIL.source, "g"), " "))) found.push("link");
  if (tokens.some((token) => PAYMENT_WORDS.has(token)) || PAYMENT_PHRASES.some((phrase) => phrase.test(folded)))
    found.push("offPlatformPayment");
  if (tokens.some(isInsult)) found.push("insult");
  return found;
}

/** The score of a set of signals: the strongest weight, plus 0.05 for each other one, at most 1. */
export function scoreOf(signals: readonly ContentSignal[]): number {
  if (signals.length === 0) return 0;
  const strongest = Math.max(...signals.map((signal) => SIGNAL_WEIGHTS[signal]));
  return Math.min(1, Math.round((strongest + 0.05 * (signals.length - 1)) * 100) / 100);
}
