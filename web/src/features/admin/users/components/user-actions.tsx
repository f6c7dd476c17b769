// What an admin may do to an account, each through the reason dialog: suspend or lift the
// suspension (by its status), change its role, send the email confirmation link again (only to an
// active account whose address is not confirmed). None on a deleted account nor on the admin's own:
// the server refuses them anyway (409, NOT_ON_SELF), the page does not offer them. An agency
// manager's role comes with her agency: no role change for her account (the server: 409 AGENCY_ROLE).
import { Ban, KeyRound, MailCheck, ShieldCheck } from "lucide-react";
import { type ReactNode, useId, useState } from "react";
import type { AdminUserAction, AdminUserDetail } from "@db/validators/admin-users";
import { Button } from "@web/components/ui/button";
import { ApiError } from "@web/lib/api-client";
import { type TFunction, useTranslation } from "@web/lib/i18n";
import { notify } from "@web/lib/notify";
import { serverMessage } from "@web/lib/server-message";
import { useSession } from "@web/lib/session";
import { type UserAction, type UserActionKind, useUserAction } from "../api/user-actions";
import { adminUsersTexts } from "../texts";
import { isAssignable, ReasonDialog } from "./reason-dialog";

type Account = AdminUserDetail["user"];

/** The actions this account offers now, in the order they show. */
function offeredActions(user: Account): UserActionKind[] {
  const offered: UserActionKind[] = [user.status === "suspended" ? "unsuspend" : "suspend"];
  if (isAssignable(user.role)) offered.push("role");
  if (user.status === "active" && !user.email_verified) offered.push("verificationEmail");
  return offered;
}

const ICONS: Record<UserActionKind, typeof Ban> = {
  suspend: Ban,
  unsuspend: ShieldCheck,
  role: KeyRound,
  verificationEmail: MailCheck,
};

export function UserActions({ user }: { user: Account }) {
  const { t } = useTranslation(adminUsersTexts);
  const headingId = useId();
  const { data: me } = useSession();
  const note = (text: string) => <p className="text-slate-700">{text}</p>;
  let body: ReactNode;
  if (user.status === "deleted") body = note(t("adminUsers.actions.deletedAccount"));
  else if (me?.id === user.id) body = note(t("adminUsers.actions.ownAccount"));
  else body = <ActionButtons user={user} />;
  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-night-100 bg-white p-5 shadow-sm">
      <h3 id={headingId} className="mb-3 text-lg font-bold">
        {t("adminUsers.actions.title")}
      </h3>
      {body}
    </section>
  );
}

function ActionButtons({ user }: { user: Account }) {
  const { t } = useTranslation(adminUsersTexts);
  const [open, setOpen] = useState<UserActionKind | null>(null);
  const mutation = useUserAction(user.id);

  const submit = async (action: UserAction) => {
    try {
      const result = await mutation.mutateAsync(action);
      setOpen(null);
      if (result.changed) notify.success(doneMessage(action, result, t));
      else notify.info(t("adminUsers.actions.unchanged"));
    } catch (error) {
      notify.error(serverMessage(error, t, "errors.internal"));
      // A refused reason stays open to be corrected; any other refusal (deleted meanwhile, too
      // many emails) closes on the refreshed page, which says how the account now stands.
      if (!(error instanceof ApiError && error.status === 400)) setOpen(null);
      throw error;
    }
  };

  return (
    <>
      <div className="flex flex-wrap gap-3">
        {offeredActions(user).map((kind) => {
          const Icon = ICONS[kind];
          // Suspend and lift share a key: the button the dialog hands the focus back to stays when its action flips.
          return (
            <Button
              key={kind === "unsuspend" ? "suspend" : kind}
              variant={kind === "suspend" ? "danger" : "ghost"}
              className={kind === "suspend" ? undefined : "border border-night-600"}
              onClick={() => setOpen(kind)}
            >
              <Icon aria-hidden="true" className="h-4 w-4" />
              {t(`adminUsers.actions.${kind}`)}
            </Button>
          );
        })}
      </div>
      <ReasonDialog
        kind={open}
        target={{ name: `${user.first_name} ${user.last_name}`, email: user.email, role: user.role }}
        pending={mutation.isPending}
        onSubmit={submit}
        onCancel={() => setOpen(null)}
      />
    </>
  );
}

function doneMessage(action: UserAction, result: AdminUserAction, t: TFunction): string {
  if (action.kind === "role")
    return t("adminUsers.actions.done.role", { role: t(`adminUsers.roles.${result.user.role}`) });
  return t(`adminUsers.actions.done.${action.kind}`);
}
