// The modal every action on an account goes through (../../components/action-dialog.tsx): what the
// action does, the reason the admin writes, and for 'Changer le rôle' the new role (one an admin may
// give: an agency manager's role comes with her agency, so her account is never offered the change).
import { zodResolver } from "@hookform/resolvers/zod";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { ASSIGNABLE_USER_TYPES, type AssignableUserType, type UserType } from "@db/schema/enums";
import { type AdminRoleBody, adminRoleBodySchema } from "@db/validators/admin-users";
import { fieldControlClasses } from "@web/components/form/text-field";
import { useTranslation } from "@web/lib/i18n";
import {
  ActionDialog,
  ActionForm,
  ReasonField,
  ReasonForm,
  sendShowingFieldErrors,
} from "../../components/action-dialog";
import type { UserAction, UserActionKind } from "../api/user-actions";
import { adminUsersTexts } from "../texts";

/** The account the dialog names. */
export type DialogTarget = { name: string; email: string; role: UserType };

type ReasonDialogProps = {
  /** The action asked for; null: closed. */
  kind: UserActionKind | null;
  target: DialogTarget;
  pending: boolean;
  /** Rejects when the server refused: a message about the reason then shows under its field. */
  onSubmit: (action: UserAction) => Promise<void>;
  onCancel: () => void;
};

export function ReasonDialog({ kind, target, pending, onSubmit, onCancel }: ReasonDialogProps) {
  const { t } = useTranslation(adminUsersTexts);
  const shared = { submitLabel: kind ? t(`adminUsers.actions.${kind}`) : "", pending, onCancel };
  return (
    <ActionDialog
      open={kind !== null}
      title={kind ? t(`adminUsers.actions.dialogs.${kind}.title`, { name: target.name }) : ""}
      text={kind ? t(`adminUsers.actions.dialogs.${kind}.text`, { email: target.email }) : ""}
      pending={pending}
      onCancel={onCancel}
    >
      {kind === "role"
        ? isAssignable(target.role) && (
            <RoleForm {...shared} current={target.role} onSubmit={(body) => onSubmit({ kind, body })} />
          )
        : kind && <ReasonForm {...shared} danger={kind === "suspend"} onSubmit={(body) => onSubmit({ kind, body })} />}
    </ActionDialog>
  );
}

/** Whether the console may give (or take away) this role: never an agency manager's. */
export const isAssignable = (role: UserType): role is AssignableUserType =>
  (ASSIGNABLE_USER_TYPES as readonly UserType[]).includes(role);

type RoleFormProps = {
  submitLabel: string;
  pending: boolean;
  current: AssignableUserType;
  onSubmit: (body: AdminRoleBody) => Promise<void>;
  onCancel: () => void;
};

function RoleForm({ current, onSubmit, ...shared }: RoleFormProps) {
  const { t } = useTranslation(adminUsersTexts);
  const roleId = useId();
  const form = useForm<AdminRoleBody>({
    resolver: zodResolver(adminRoleBodySchema),
    defaultValues: { role: current, reason: "" },
  });
  const submit = (body: AdminRoleBody) => sendShowingFieldErrors(form, ["reason"], onSubmit(body));
  return (
    <ActionForm form={form} onValid={submit} {...shared}>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={roleId} className="text-sm font-medium text-night-900">
          {t("adminUsers.actions.newRole")}
        </label>
        <select id={roleId} className={fieldControlClasses()} {...form.register("role")}>
          {ASSIGNABLE_USER_TYPES.map((role) => (
            <option key={role} value={role}>
              {t(`adminUsers.roles.${role}`)}
            </option>
          ))}
        </select>
      </div>
      <ReasonField form={form} />
    </ActionForm>
  );
}
