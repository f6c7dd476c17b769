// POST /api/auth/sign-out: ends the session on the server; this browser forgets it either way.
import type { z } from "zod";
import type { signOutBodySchema } from "@db/validators/auth";
import { clearToken, client, unwrap } from "@web/lib/api-client";
import { queryClient } from "@web/lib/query-client";
import { endSession } from "@web/lib/session";

type SignOutBody = z.infer<typeof signOutBodySchema>;

export const signOut = () => unwrap(client.api.auth["sign-out"].$post({ json: {} satisfies SignOutBody }));

/** Forget the desktop token and every cached private answer, even when the server was unreachable. */
function forgetSession(): void {
  clearToken();
  queryClient.removeQueries();
  endSession();
}

/** The header's sign-out: the request, then this browser forgets the session whatever the answer. */
export async function signOutEverywhere(): Promise<void> {
  try {
    await signOut();
  } finally {
    forgetSession();
  }
}
