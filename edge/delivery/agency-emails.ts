// An agency's invitation to an address that has no babysitter account yet: an email that says who
// invites her and opens the sign-up; once she has signed up as a babysitter, the invitation waits
// on her 'Mon agence' page.
import type { Db } from "@db/client";
import type { Env } from "../env";
import { publicOrigin } from "../lib/config";
import { translate, type Lang } from "../lib/i18n";
import { sendPlainEmail } from "./auth-emails";

export function sendAgencyInvitationEmail(
  env: Env,
  db: Db,
  input: { to: string; agency: string; invitationId: string; lang: Lang },
) {
  const url = `${publicOrigin(env)}/register?type=babysitter`;
  const t = (part: string) => translate(input.lang, `emails.agencyInvitation.${part}`, { agency: input.agency, url });
  return sendPlainEmail(env, db, {
    to: input.to,
    lang: input.lang,
    template: "agencyInvitation",
    subject: t("subject"),
    body: t("body"),
    action: { label: t("action"), url },
    idempotencyKey: `agency-invitation:${input.invitationId}`,
  });
}
