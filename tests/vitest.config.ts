// Two projects: `unit` (plain Node: domain functions, the libSQL server, schema, seed, desktop
// main-process logic) and `api` (HTTP against the real Worker under wrangler dev / workerd,
// started once by tests/api/global-setup.ts on a fresh libSQL file).
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { LongestFirstSequencer } from "./api/sequencer";
import { API_STACK_COUNT } from "./api/stacks";

const root = fileURLToPath(new URL("..", import.meta.url));

export default defineConfig({
  root,
  resolve: {
    alias: {
      "@web": `${root}web/src`,
      "@edge": `${root}edge`,
      "@db": `${root}db`,
      // Node has no workerd module; see the stand-in's comment.
      "cloudflare:workers": `${root}tests/unit/helpers/cloudflare-workers.ts`,
    },
  },
  test: {
    // The longest API files start first (tests/api/sequencer.ts); the unit files keep vitest's order.
    sequence: { sequencer: LongestFirstSequencer },
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["tests/unit/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/unit/global-setup.ts"],
          testTimeout: 30_000,
          // A hook that writes a small world into a libSQL file (analytics-rollups: 300 bookings
          // through their triggers) takes 2-4 s alone, and over 10 s (Vitest's default) when the
          // typecheck, ESLint and the builds share the two cores, as in `npm test`.
          hookTimeout: 60_000,
          // Vitest's default leaves one core to its main process: a single worker on a 2-core
          // machine. The files' own time is mostly module loading, which two workers overlap.
          maxWorkers: 2,
          // A worker's files share their modules instead of importing them again for each file:
          // the suite took 77 s, 68 of them importing, and takes 33 s. The rule that makes it safe:
          // a file leaves what it changes as it found it (the web app's language, stubbed globals,
          // fake timers, process.env), in an afterEach/afterAll.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: "api",
          include: ["tests/api/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/api/global-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 180_000,
          // API_STACK_COUNT files at a time, each worker on a stack of its own (tests/api/stacks.ts):
          // a worker's files run in turn, so what one programs into a double or changes in the demo
          // world is never seen by a file running beside it.
          maxWorkers: API_STACK_COUNT,
          // As in `unit`: a worker's files share the modules they import (the helpers, the SDKs of
          // the doubles) instead of importing them again per file. API files set no global, mock no
          // module and change no process.env; what they change lives in their stack's database.
          isolate: false,
        },
      },
    ],
  },
});
