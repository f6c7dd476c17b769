// The Worker picks the language of a pre-rendered public page, so it must run before the assets
// binding answers for each of them: wrangler.toml's run_worker_first lists every public page.
import { join } from "node:path";
import { unstable_readConfig } from "wrangler";
import { describe, expect, it } from "vitest";
import { prerenderedAssetPath, PUBLIC_PAGES } from "../../db/constants/public-pages";

const config = unstable_readConfig({ config: join(import.meta.dirname, "../../wrangler.toml") });

describe("the public pages", () => {
  it("reach the Worker first, every one of them", () => {
    expect(config.assets?.run_worker_first).toEqual(expect.arrayContaining([...PUBLIC_PAGES]));
  });

  it("are written per language where the Worker fetches them", () => {
    expect(prerenderedAssetPath("/", "fr")).toBe("/");
    expect(prerenderedAssetPath("/", "en")).toBe("/en/");
    expect(prerenderedAssetPath("/login", "en")).toBe("/en/login");
  });
});
