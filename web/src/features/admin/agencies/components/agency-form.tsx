// 'Créer une agence': the company (name, SIREN, SAP number if any, contact email and phone) and its
// first manager (first name, last name, email), checked by the server's own rule
// (agencyCreateBodySchema: the SIREN's checksum, 'SAP' and 9 digits...) before it is sent. A refusal
// about one field (409 SIREN_TAKEN on the SIREN, EMAIL_TAKEN on the manager's address, a 400 naming
// a field) shows under that field; the page toasts it too.
import { zodResolver } from "@hookform/resolvers/zod";
import type { ReactNode } from "react";
import { useForm, type UseFormRegisterReturn } from "react-hook-form";
import { type AgencyCreateBody, agencyCreateBodySchema, type AgencyCreateValues } from "@db/validators/agencies";
import { errorText } from "@web/components/form/error-text";
import { TextField } from "@web/components/form/text-field";
import { useTranslation } from "@web/lib/i18n";
import { ActionForm, sendShowingFieldErrors } from "../../components/action-dialog";
import { adminAgenciesTexts } from "../texts";

const FIELDS = [
  "name",
  "siren",
  "sap_number",
  "contact_email",
  "contact_phone",
  "manager.first_name",
  "manager.last_name",
  "manager.email",
] as const;

const EMPTY: AgencyCreateBody = {
  name: "",
  siren: "",
  sap_number: "",
  contact_email: "",
  contact_phone: "",
  manager: { first_name: "", last_name: "", email: "" },
};

type AgencyFormProps = {
  pending: boolean;
  /** Rejects when the server refused: a message about one field then shows under it. */
  onSubmit: (body: AgencyCreateBody) => Promise<void>;
  onCancel: () => void;
};

export function AgencyForm({ pending, onSubmit, onCancel }: AgencyFormProps) {
  const { t } = useTranslation(adminAgenciesTexts);
  const form = useForm<AgencyCreateBody, unknown, AgencyCreateValues>({
    resolver: zodResolver(agencyCreateBodySchema),
    defaultValues: EMPTY,
  });
  const { errors } = form.formState;
  // The values as the schema made them (SIREN without spaces, SAP in capitals), optional ones left out when empty.
  const submit = ({ sap_number, contact_phone, ...values }: AgencyCreateValues) =>
    sendShowingFieldErrors(
      form,
      FIELDS,
      onSubmit({
        ...values,
        ...(sap_number && { sap_number }),
        ...(contact_phone && { contact_phone }),
      }),
    );
  return (
    <ActionForm
      form={form}
      submitLabel={t("adminAgencies.form.submit")}
      pending={pending}
      onValid={submit}
      onCancel={onCancel}
    >
      <Group legend={t("adminAgencies.form.company")}>
        <TextField
          label={t("adminAgencies.form.name")}
          autoComplete="organization"
          error={errorText(errors.name, t)}
          {...form.register("name")}
        />
        <TextField
          label={t("adminAgencies.form.siren")}
          hint={t("adminAgencies.form.sirenHint")}
          inputMode="numeric"
          autoComplete="off"
          error={errorText(errors.siren, t)}
          {...form.register("siren")}
        />
        <TextField
          label={t("adminAgencies.form.sap")}
          hint={t("adminAgencies.form.sapHint")}
          autoComplete="off"
          error={errorText(errors.sap_number, t)}
          {...form.register("sap_number")}
        />
        <TextField
          label={t("adminAgencies.form.contactEmail")}
          type="email"
          autoComplete="off"
          error={errorText(errors.contact_email, t)}
          {...form.register("contact_email")}
        />
        <TextField
          label={t("adminAgencies.form.contactPhone")}
          type="tel"
          autoComplete="off"
          error={errorText(errors.contact_phone, t)}
          {...form.register("contact_phone")}
        />
      </Group>
      <Group legend={t("adminAgencies.form.firstManager")}>
        <ManagerFields
          labels={{
            firstName: t("adminAgencies.form.firstName"),
            lastName: t("adminAgencies.form.lastName"),
            email: t("adminAgencies.form.email"),
          }}
          errors={{
            firstName: errorText(errors.manager?.first_name, t),
            lastName: errorText(errors.manager?.last_name, t),
            email: errorText(errors.manager?.email, t),
          }}
          register={{
            firstName: form.register("manager.first_name"),
            lastName: form.register("manager.last_name"),
            email: form.register("manager.email"),
          }}
        />
      </Group>
    </ActionForm>
  );
}

/** A titled group of fields (a fieldset, its legend read with each field). */
export function Group({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="flex flex-col gap-3 rounded-xl border border-night-100 p-4">
      <legend className="px-1 text-sm font-semibold text-night-900">{legend}</legend>
      {children}
    </fieldset>
  );
}

type ManagerKey = "firstName" | "lastName" | "email";

/** A manager's first name and last name side by side, then her email: the creation's and the addition's. */
export function ManagerFields({
  labels,
  errors,
  register,
}: {
  labels: Record<ManagerKey, string>;
  errors: Record<ManagerKey, string | undefined>;
  register: Record<ManagerKey, UseFormRegisterReturn>;
}) {
  return (
    <>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField label={labels.firstName} autoComplete="off" error={errors.firstName} {...register.firstName} />
        <TextField label={labels.lastName} autoComplete="off" error={errors.lastName} {...register.lastName} />
      </div>
      <TextField label={labels.email} type="email" autoComplete="off" error={errors.email} {...register.email} />
    </>
  );
}
