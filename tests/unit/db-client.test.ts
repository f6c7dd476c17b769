// db/client.ts: the Worker's database handle, one per request, sharing drizzle's map of the tables
// (built once per isolate), against the local Hrana-over-HTTP server as the Worker reaches it.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb } from "../../db/client";
import { profiles } from "../../db/schema/index";
import { createTempDb, insertProfile, type TempDb } from "./helpers/temp-db";

let temp: TempDb;
let libsqlUrl: string;

beforeAll(async () => {
  temp = await createTempDb("db-client");
  await insertProfile(temp.client, "p-one", "parent");
  libsqlUrl = (await temp.serve()).url;
});

afterAll(() => temp.cleanup());

describe("createDb", () => {
  it("gives each call a client of its own and builds the tables' map once", () => {
    const first = createDb({ LIBSQL_URL: libsqlUrl });
    const second = createDb({ LIBSQL_URL: libsqlUrl });
    expect(first.$client).not.toBe(second.$client);
    expect(first._.schema).toBeDefined();
    expect(second._.schema).toBe(first._.schema);
  });

  it("reads through the query builder and the relational API of a later handle alike", async () => {
    createDb({ LIBSQL_URL: libsqlUrl });
    const db = createDb({ LIBSQL_URL: libsqlUrl });
    const [row] = await db.select({ type: profiles.userType }).from(profiles).where(eq(profiles.id, "p-one"));
    expect(row).toEqual({ type: "parent" });
    const found = await db.query.profiles.findFirst({ where: eq(profiles.id, "p-one") });
    expect(found?.firstName).toBe("Test");
  });
});
