// `npm run lint`: ESLint for correctness, hooks and accessibility, and the import boundaries that
// keep the layout honest (docs/architecture.md; web/README.md). Formatting is Prettier's job
// (eslint-config-prettier turns off the rules that would fight it).
import { readdirSync } from "node:fs";
import js from "@eslint/js";
import prettier from "eslint-config-prettier";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const FEATURES = "./web/src/features";
const features = readdirSync(new URL(FEATURES, import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * edge/ in layers, each importing only those below it (docs/architecture.md draws them):
 * entries (worker.ts, app.ts, user-inbox.ts) -> routes -> middleware -> auth -> services ->
 * delivery -> lib, realtime (the socket contracts), env.ts. A zone forbids a layer to import any
 * layer above it, `import type` included: a type that runs back up ties the layers as a value does.
 */
const EDGE = "./edge";
const ENTRIES = [`${EDGE}/worker.ts`, `${EDGE}/app.ts`, `${EDGE}/user-inbox.ts`];
const edgeLayer = (target, above, message) => ({
  target,
  from: [...ENTRIES, ...above.map((dir) => `${EDGE}/${dir}`)],
  message,
});
const edgeLayers = [
  edgeLayer(`${EDGE}/routes`, [], "Routes are composed by app.ts; they never import the entries."),
  edgeLayer(`${EDGE}/middleware`, ["routes"], "Middleware runs for the routes and imports none of them."),
  edgeLayer(
    `${EDGE}/auth`,
    ["routes", "middleware"],
    "auth/ (better-auth's factory) sits under the routes and the middleware.",
  ),
  edgeLayer(
    `${EDGE}/services`,
    ["routes", "middleware", "auth"],
    "Services are plain domain functions: they take the caller (lib/caller-profile.ts) and import no route, middleware or auth.",
  ),
  edgeLayer(
    `${EDGE}/delivery`,
    ["routes", "middleware", "auth", "services"],
    "Delivery channels (email, SMS, push, the in-app inbox) send what they are given: they import no service; a service decides who is told.",
  ),
  edgeLayer(
    [`${EDGE}/lib`, `${EDGE}/realtime`, `${EDGE}/env.ts`],
    ["routes", "middleware", "auth", "services", "delivery"],
    "lib/, realtime/ (the socket contracts) and env.ts are the ground layer: they import nothing above them.",
  ),
  {
    target: `${EDGE}/services/account-state.ts`,
    from: `${EDGE}/services`,
    except: ["./account-state.ts"],
    message: "Whether an account is live is the one rule every domain applies: it imports no domain.",
  },
  {
    target: `${EDGE}/services/limits`,
    from: `${EDGE}/services`,
    except: ["./limits"],
    message: "The counters (rate limits, the sign-in throttle) import no domain service.",
  },
];

/**
 * Imports flow one way, as bulletproof-react draws it: shared code (components, lib, i18n) →
 * features → app. A feature never imports another feature; the server never imports the web app.
 */
const boundaries = [
  ...features.map((feature) => ({
    target: `${FEATURES}/${feature}`,
    from: FEATURES,
    except: [`./${feature}`],
    message:
      "A feature never imports another feature: move what both need to components/ or lib/, or compose them in app/.",
  })),
  {
    target: FEATURES,
    from: "./web/src/app",
    message: "Features never import the app shell; the app imports features.",
  },
  {
    target: ["./web/src/components", "./web/src/lib", "./web/src/i18n"],
    from: [FEATURES, "./web/src/app"],
    message: "Shared web code (components, lib, i18n) imports no feature and not the app.",
  },
  {
    target: ["./edge", "./db", "./desktop", "./scripts"],
    from: "./web",
    message: "The server, the database and the desktop shell never import the web app.",
  },
  {
    target: "./db",
    from: "./edge",
    message: "db/ is the bottom layer: schema, validators and constants import nothing from edge/.",
  },
  {
    target: ["./edge", "./db"],
    from: "./desktop",
    message:
      "The Worker and the shared core never import the desktop shell: what both need (the app:// origin) lives in db/constants.",
  },
  ...edgeLayers,
];

export default tseslint.config(
  {
    ignores: [
      "**/node_modules/**",
      "web/dist/**",
      ".wrangler/**",
      "desktop/out/**",
      "desktop/release/**",
      "test-results/**",
      "playwright-report/**",
      // Two files that import each other on purpose: tests/unit/lint-rules.test.ts lints them to
      // prove import-x/no-cycle still fails a loop.
      "tests/fixtures/import-loop/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { "import-x": importX },
    settings: {
      // import-x only reads the imports of files with these extensions (its default is .js alone):
      // without .ts and .tsx, no-cycle saw none of a TypeScript file's imports beyond the first hop
      // and no loop was ever reported.
      "import-x/extensions": [".ts", ".tsx", ".js", ".mjs", ".cjs"],
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "./tsconfig.json" })],
    },
    rules: {
      "import-x/no-restricted-paths": ["error", { zones: boundaries }],
      // Every depth (no maxDepth). A loop of `import type` alone is not reported (the types are erased
      // at run time); the layer zones above still refuse a type import that runs against the layers.
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      "import-x/no-self-import": "error",
      "import-x/no-useless-path-segments": "error",
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" },
      ],
      eqeqeq: ["error", "always", { null: "ignore" }],
      "no-console": ["error", { allow: ["error", "warn", "info"] }],
    },
  },
  {
    files: ["web/src/**/*.{ts,tsx}"],
    ...reactHooks.configs.flat.recommended,
  },
  {
    files: ["web/src/**/*.tsx"],
    ...jsxA11y.flatConfigs.strict,
    rules: {
      ...jsxA11y.flatConfigs.strict.rules,
      // Our labels wrap their control and a translated text a few elements deep.
      "jsx-a11y/label-has-associated-control": ["error", { assert: "either", depth: 4 }],
    },
  },
  {
    // Tests, benchmarks and scripts talk to the terminal.
    files: ["tests/**", "scripts/**", "desktop/build.ts"],
    rules: { "no-console": "off" },
  },
  {
    // JSON answers under test are read as `any`; Playwright fixtures take an empty pattern by design.
    files: ["tests/**"],
    rules: { "@typescript-eslint/no-explicit-any": "off", "no-empty-pattern": "off" },
  },
  prettier,
);
