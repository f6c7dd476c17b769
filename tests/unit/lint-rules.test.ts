// The import rules in eslint.config.js bite: a loop of imports fails lint, whether it is written
// with relative paths or with the tsconfig aliases, and so does an import that runs against the
// layers. Without these checks a misconfigured rule passes silently (import-x once read no imports
// of .ts files, so no loop was ever reported).
import { fileURLToPath } from "node:url";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
// The fixtures are ignored by `npm run lint` (they are a loop on purpose); here they are linted.
const eslint = new ESLint({ cwd: ROOT, ignore: false });

async function ruleIds(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${ROOT}/${filePath}` });
  return result.messages.map((message) => message.ruleId ?? message.message);
}

async function fileRuleIds(filePath: string): Promise<string[]> {
  const [result] = await eslint.lintFiles([`${ROOT}/${filePath}`]);
  return result.messages.map((message) => message.ruleId ?? message.message);
}

describe("import-x/no-cycle", () => {
  it("fails both files of a loop written with relative, extensionless paths", async () => {
    expect(await fileRuleIds("tests/fixtures/import-loop/first.ts")).toContain("import-x/no-cycle");
    expect(await fileRuleIds("tests/fixtures/import-loop/second.ts")).toContain("import-x/no-cycle");
  });

  it("fails a loop closed through the @edge alias, many files deep", async () => {
    // edge/app.ts reaches lib/errors.ts through the routes; lib/errors.ts importing the app closes a loop.
    const code = 'import { app } from "@edge/app";\n\nexport const loop = app;\n';
    expect(await ruleIds(code, "edge/lib/errors.ts")).toContain("import-x/no-cycle");
  });

  it("passes the same file without the loop", async () => {
    expect(await ruleIds("export const fine = 1;\n", "edge/lib/errors.ts")).toEqual([]);
  });
});

describe("import-x/no-restricted-paths: the layers of edge/", () => {
  const refused = async (code: string, filePath: string) =>
    expect(await ruleIds(code, filePath)).toContain("import-x/no-restricted-paths");

  it("refuses a type import that runs back up from the ground layer to a service", async () => {
    await refused(
      'import type { Limit } from "../services/limits/rate-limit";\n\nexport type L = Limit;\n',
      "edge/lib/errors.ts",
    );
  });

  it("refuses a delivery channel that imports a service", async () => {
    await refused(
      'import { notifyUser } from "../services/notifications/notify";\n\nexport const n = notifyUser;\n',
      "edge/delivery/sms.ts",
    );
  });

  it("refuses a service that imports the middleware or a route", async () => {
    await refused(
      'import { signedInRoute } from "../../middleware/session";\n\nexport const s = signedInRoute;\n',
      "edge/services/profiles/photos.ts",
    );
    await refused(
      'import { bookingRoutes } from "@edge/routes/bookings";\n\nexport const b = bookingRoutes;\n',
      "edge/services/bookings/reviews.ts",
    );
  });

  it("refuses an import from edge/ into desktop/", async () => {
    await refused(
      'import { BRIDGE_GLOBAL_NAME } from "../../desktop/bridge";\n\nexport const g = BRIDGE_GLOBAL_NAME;\n',
      "edge/lib/config.ts",
    );
  });

  it("lets a service import a delivery channel and the ground layer", async () => {
    const code =
      'import { sendSms } from "../../delivery/sms";\nimport { ApiError } from "../../lib/errors";\n\nexport const both = [sendSms, ApiError];\n';
    expect(await ruleIds(code, "edge/services/profiles/photos.ts")).toEqual([]);
  });
});
