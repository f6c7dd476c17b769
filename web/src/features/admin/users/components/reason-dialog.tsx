// The modal every action on an account goes through: what the action does, the reason the admin
// writes (kept in the audit log; the same rule as the server's, adminReasonField), and for 'Changer
// le rôle' the new role. A native <dialog> in modal mode, like ConfirmDialog: focus stays inside,
// Escape cancels, the page behind is inert. The form is drawn afresh each time the dialog opens.
import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useId, useRef, type ReactNode } from "react";
import { type UseFormReturn, useForm } from "react-hook-form";
import { USER_TYPES, type UserType } from "@db/schema/enums";
import {
  type AdminReasonBody,
  adminReasonBodySchema,
  type AdminRoleBody,
  adminRoleBodySchema,
} from "@db/validators/admin-users";
import { errorText, showServerFieldError } from "@web/components/form/error-text";
import { TextAreaField } from "@web/components/form/text-area-field";
import { fieldControlClasses } from "@web/components/form/text-field";
import { Button } from "@web/components/ui/button";
import { useTranslation } from "@web/lib/i18n";
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
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const textId = useId();
  const open = kind !== null;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  const shared = { kind, pending, onSubmit, onCancel };
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={textId}
      onCancel={(event) => {
        event.preventDefault(); // Escape: the page decides, so its state stays the truth
        if (!pending) onCancel();
      }}
      className="m-auto w-[min(32rem,calc(100%-2rem))] rounded-2xl bg-white p-6 text-night-900 shadow-xl backdrop:bg-night-950/60"
    >
      {kind && (
        <>
          <h2 id={titleId} className="text-lg font-bold">
            {t(`adminUsers.actions.dialogs.${kind}.title`, { name: target.name })}
          </h2>
          <p id={textId} className="mt-2 text-slate-700">
            {t(`adminUsers.actions.dialogs.${kind}.text`, { email: target.email })}
          </p>
          {kind === "role" ? (
            <RoleForm {...shared} kind={kind} current={target.role} />
          ) : (
            <ReasonForm {...shared} kind={kind} />
          )}
        </>
      )}
    </dialog>
  );
}

type FormProps<K extends UserActionKind> = Omit<ReasonDialogProps, "kind" | "target"> & { kind: K };

function ReasonForm({ kind, pending, onSubmit, onCancel }: FormProps<Exclude<UserActionKind, "role">>) {
  const form = useForm<AdminReasonBody>({
    resolver: zodResolver(adminReasonBodySchema),
    defaultValues: { reason: "" },
  });
  const submit = (body: AdminReasonBody) => sendWith(form, onSubmit({ kind, body }));
  return (
    <ActionForm form={form} kind={kind} pending={pending} onValid={submit} onCancel={onCancel}>
      <ReasonField form={form} />
    </ActionForm>
  );
}

function RoleForm({ pending, onSubmit, onCancel, current }: FormProps<"role"> & { current: UserType }) {
  const { t } = useTranslation(adminUsersTexts);
  const roleId = useId();
  const form = useForm<AdminRoleBody>({
    resolver: zodResolver(adminRoleBodySchema),
    defaultValues: { role: current, reason: "" },
  });
  const submit = (body: AdminRoleBody) => sendWith(form, onSubmit({ kind: "role", body }));
  return (
    <ActionForm form={form} kind="role" pending={pending} onValid={submit} onCancel={onCancel}>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={roleId} className="text-sm font-medium text-night-900">
          {t("adminUsers.actions.newRole")}
        </label>
        <select id={roleId} className={fieldControlClasses()} {...form.register("role")}>
          {USER_TYPES.map((role) => (
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

/** Both forms have the one field "reason": seen through the reason-only form's shape. */
const asReasonForm = <T extends AdminReasonBody>(form: UseFormReturn<T>) =>
  form as unknown as UseFormReturn<AdminReasonBody>;

/** A refusal about the reason (the server's message) shows under the field; the page toasts the rest. */
const sendWith = <T extends AdminReasonBody>(form: UseFormReturn<T>, sent: Promise<void>) =>
  sent.catch((error: unknown) => {
    showServerFieldError(asReasonForm(form).setError, error, ["reason"]);
  });

function ReasonField<T extends AdminReasonBody>({ form }: { form: UseFormReturn<T> }) {
  const { t } = useTranslation(adminUsersTexts);
  const { register, formState } = asReasonForm(form);
  return (
    <TextAreaField
      label={t("adminUsers.actions.reason")}
      hint={t("adminUsers.actions.reasonHint")}
      rows={3}
      error={errorText(formState.errors.reason, t)}
      {...register("reason")}
    />
  );
}

type ActionFormProps<T extends AdminReasonBody> = {
  form: UseFormReturn<T>;
  kind: UserActionKind;
  pending: boolean;
  onValid: (body: T) => Promise<void>;
  onCancel: () => void;
  children: ReactNode;
};

function ActionForm<T extends AdminReasonBody>({
  form,
  kind,
  pending,
  onValid,
  onCancel,
  children,
}: ActionFormProps<T>) {
  const { t } = useTranslation(adminUsersTexts);
  return (
    <form noValidate onSubmit={form.handleSubmit(onValid)} className="mt-4 flex flex-col gap-4">
      {children}
      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="ghost" className="border border-night-600" onClick={onCancel} disabled={pending}>
          {t("common.cancel")}
        </Button>
        <Button type="submit" variant={kind === "suspend" ? "danger" : "secondary"} loading={pending}>
          {t(`adminUsers.actions.${kind}`)}
        </Button>
      </div>
    </form>
  );
}
