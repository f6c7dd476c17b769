// 'Ajouter un responsable': another manager of the agency (first name, last name, email), by the
// server's rule (agencyManagerBodySchema). The address taken (409 EMAIL_TAKEN, which the server
// names `manager.email`) shows under the email field.
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { type AgencyManagerBody, agencyManagerBodySchema } from "@db/validators/agencies";
import { errorText } from "@web/components/form/error-text";
import { ApiError } from "@web/lib/api-client";
import { useTranslation } from "@web/lib/i18n";
import { ActionForm } from "../../components/action-dialog";
import { adminAgenciesTexts } from "../texts";
import { ManagerFields } from "./agency-form";

type ManagerFormProps = {
  pending: boolean;
  /** Rejects when the server refused: a message about one field then shows under it. */
  onSubmit: (body: AgencyManagerBody) => Promise<void>;
  onCancel: () => void;
};

/** The server names the creation's fields (`manager.email`); this form has them at its root. */
const fieldOf = (name: string | undefined): keyof AgencyManagerBody | undefined => {
  const field = name?.replace(/^manager\./, "");
  return field === "first_name" || field === "last_name" || field === "email" ? field : undefined;
};

export function ManagerForm({ pending, onSubmit, onCancel }: ManagerFormProps) {
  const { t } = useTranslation(adminAgenciesTexts);
  const form = useForm<AgencyManagerBody>({
    resolver: zodResolver(agencyManagerBodySchema),
    defaultValues: { first_name: "", last_name: "", email: "" },
  });
  const { errors } = form.formState;
  const submit = (body: AgencyManagerBody) =>
    onSubmit(body).catch((error: unknown) => {
      const field = error instanceof ApiError && error.status < 500 ? fieldOf(error.field) : undefined;
      if (field && error instanceof ApiError) form.setError(field, { type: "server", message: error.message });
    });
  return (
    <ActionForm
      form={form}
      submitLabel={t("adminAgencies.form.managerSubmit")}
      pending={pending}
      onValid={submit}
      onCancel={onCancel}
    >
      <ManagerFields
        labels={{
          firstName: t("adminAgencies.form.firstName"),
          lastName: t("adminAgencies.form.lastName"),
          email: t("adminAgencies.form.email"),
        }}
        errors={{
          firstName: errorText(errors.first_name, t),
          lastName: errorText(errors.last_name, t),
          email: errorText(errors.email, t),
        }}
        register={{
          firstName: form.register("first_name"),
          lastName: form.register("last_name"),
          email: form.register("email"),
        }}
      />
    </ActionForm>
  );
}
