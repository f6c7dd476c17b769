// For the unit files that drive the real better-auth: a libSQL file served over HTTP (as the Worker
// reaches its database), the env createAuth reads, and the work it hands to waitUntil, settled
// before the file's server closes. Registers the file's beforeAll and afterAll hooks.
import type { Client } from "@libsql/client";
import { afterAll, beforeAll } from "vitest";
import type { Env } from "../../../edge/env";
import type { LibsqlServer } from "../../../scripts/libsql-server";
import { backgroundWork } from "./background";
import { createTempDb, type TempDb } from "./temp-db";

export function authTestDb(name: string) {
  let temp: TempDb;
  let server: LibsqlServer;
  beforeAll(async () => {
    temp = await createTempDb(name);
    server = await temp.serve();
  });
  const work = backgroundWork();
  afterAll(async () => {
    await work.settled();
    await temp.cleanup();
  });
  return {
    /** createAuth's `background` option. */
    background: work.background,
    /** The file's database, read directly. */
    client: (): Client => temp.client,
    env: (keys: Partial<Env> = {}) =>
      ({
        LIBSQL_URL: server.url,
        BETTER_AUTH_SECRET: "a-test-secret-of-at-least-32-characters!",
        PUBLIC_ORIGIN: "https://app.veilleuse.test",
        ...keys,
      }) as Env,
  };
}
