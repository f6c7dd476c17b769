// useTranslation's t keeps the text of a call without options (a page draws the same labels many
// times), and must never keep it past what changes it: texts added later (a missing key's answer is
// the key itself) and a change of language. Calls with options always go to i18next.
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { afterAll, describe, expect, it } from "vitest";
import { defineTexts, switchTo, useTranslation } from "../../web/src/lib/i18n";

function Text({ textKey, count }: { textKey: string; count?: number }) {
  const { t } = useTranslation();
  return count === undefined ? t(textKey) : t(textKey, { count });
}

const draw = (textKey: string, count?: number) => renderToString(createElement(Text, { textKey, count }));

describe("t's texts without options", () => {
  afterAll(() => switchTo("fr"));

  it("are drawn again once texts are added, and in the new language after a switch", async () => {
    defineTexts({ fr: { cacheProbe: { first: "Bonjour" } }, en: { cacheProbe: { first: "Hello" } } });
    expect(draw("cacheProbe.first")).toBe("Bonjour");
    expect(draw("cacheProbe.first")).toBe("Bonjour");

    expect(draw("cacheProbe.later")).toBe("cacheProbe.later");
    defineTexts({ fr: { cacheProbe: { later: "Arrivé ensuite" } }, en: { cacheProbe: { later: "Came later" } } });
    expect(draw("cacheProbe.later")).toBe("Arrivé ensuite");

    await switchTo("en");
    expect(draw("cacheProbe.first")).toBe("Hello");
    expect(draw("cacheProbe.later")).toBe("Came later");
  });

  it("leave calls with options to i18next (plurals, values)", async () => {
    await switchTo("en");
    defineTexts({
      fr: { cacheProbe: { sitters_one: "{{count}} baby-sitter", sitters_other: "{{count}} baby-sitters" } },
      en: { cacheProbe: { sitters_one: "{{count}} sitter", sitters_other: "{{count}} sitters" } },
    });
    expect([draw("cacheProbe.sitters", 1), draw("cacheProbe.sitters", 3)]).toEqual(["1 sitter", "3 sitters"]);
  });
});
