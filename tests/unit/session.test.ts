// The tab's session store (web/src/lib/session.ts): an answer to a question asked before the session
// changed here is dropped, so a slow "signed out" answer to the login page's first question cannot
// undo the sign-in that happened meanwhile, and a request that changed the session asks anew
// instead of joining a question already on its way.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Profile } from "../../web/src/lib/api-client";
import { endSession, invalidateSession, refreshSession, sessionNow, setSession } from "../../web/src/lib/session";

/** The server's answers, given by the test one by one, in the order it chooses. */
let pending: ((profile: Profile | null) => void)[] = [];

beforeEach(() => {
  pending = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(
      () =>
        new Promise<Response>((resolve) =>
          pending.push((profile) =>
            resolve(new Response(JSON.stringify(profile ? { profile } : null), { status: 200 })),
          ),
        ),
    ),
  );
});
afterEach(() => {
  endSession();
  vi.unstubAllGlobals();
});

const claire = { id: "p-claire", first_name: "Claire", user_type: "admin" } as unknown as Profile;
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("the session store", () => {
  it("keeps a sign-in answered here over the older question's 'signed out'", async () => {
    const asked = refreshSession(); // the login page opens: signed out, the answer slow to come
    await tick();
    setSession(claire); // the sign-in answers first
    pending[0](null);
    await asked;
    expect(sessionNow()).toEqual({ status: "success", profile: claire });
  });

  it("asks again after a change instead of joining the question already asked", async () => {
    setSession(claire);
    const before = refreshSession();
    await tick();
    const after = invalidateSession(); // the session changed (e.g. signed out elsewhere): a new question
    await tick();
    expect(fetch).toHaveBeenCalledTimes(2);
    pending[1](null); // the new answer: signed out
    await after;
    pending[0](claire); // the older answer comes last and changes nothing
    await before;
    expect(sessionNow()).toEqual({ status: "success", profile: null });
  });

  it("joins a question asked since the last change", async () => {
    const first = refreshSession();
    const second = refreshSession();
    await tick();
    expect(fetch).toHaveBeenCalledTimes(1);
    pending[0](claire);
    await Promise.all([first, second]);
    expect(sessionNow().profile).toEqual(claire);
  });
});
