// The local stack (Worker in workerd, libSQL server over HTTP) takes a burst of work at the same
// instant without a single 5xx: 40 sign-ups, then the same 40 accounts signing in, each request from
// its own address so no limit turns any of them away. The race tests of every limit rely on this:
// a 500 there would be the stack failing, not the rule.
import { describe, expect, it } from "vitest";
import {
  burst,
  call,
  cookieFrom,
  freshAddress,
  fromAddress,
  signUp,
  testDeviceCookie,
  uniqueEmail,
  validRegistration,
} from "./helpers";

const BURST = 40;

describe("a burst of sign-ups and sign-ins at the same instant", () => {
  it(`answers all ${BURST} sign-ups and then all ${BURST} sign-ins with 200`, async () => {
    const forms = Array.from({ length: BURST }, () => validRegistration({ email: uniqueEmail("burst") }));

    const registered = await burst(BURST, (index) => signUp(forms[index]));
    expect(registered.tally).toEqual({ 200: BURST });

    const signedIn = await burst(BURST, (index) =>
      call("POST", "/api/auth/sign-in/email", {
        json: { email: forms[index].email, password: forms[index].password },
        headers: fromAddress(freshAddress()),
        cookie: testDeviceCookie,
      }),
    );
    expect(signedIn.tally).toEqual({ 200: BURST });
    expect(signedIn.answers.every(({ headers }) => cookieFrom(headers).includes("session_token"))).toBe(true);
  });
});
