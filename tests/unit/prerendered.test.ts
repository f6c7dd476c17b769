// What a pre-rendered page makes inert until the app runs it: its links, buttons, forms and fields,
// and nothing else (web/src/app/prerendered.ts says why not #root).
import { describe, expect, it } from "vitest";
import { inertUntilLive } from "../../web/src/app/prerendered";

describe("inertUntilLive", () => {
  it("makes each link, button, form and field inert, marked for the app to wake", () => {
    const markup =
      '<a href="/register">Inscription</a><form class="x"><input type="email"/><select name="s"></select>' +
      "<textarea></textarea><button>Go</button></form>";
    expect(inertUntilLive(markup)).toBe(
      '<a inert data-until-live href="/register">Inscription</a><form inert data-until-live class="x">' +
        '<input inert data-until-live type="email"/><select inert data-until-live name="s"></select>' +
        "<textarea inert data-until-live></textarea><button inert data-until-live>Go</button></form>",
    );
  });

  it("leaves the text and the other elements as they are, tags whose name only starts alike included", () => {
    const markup =
      "<article><abbr>EUR</abbr><address>Paris</address><aside>x</aside><h1>Connexion</h1>" +
      "<p>&lt;a href=&quot;x&quot;&gt; &lt;button&gt;</p></article>";
    expect(inertUntilLive(markup)).toBe(markup);
  });
});
