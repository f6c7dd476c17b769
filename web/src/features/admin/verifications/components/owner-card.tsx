// Whom the document belongs to, to compare it with: name, email, city, role, whether the profile is
// verified, and a link to the account's page in the Users section.
import { Link } from "react-router-dom";
import type { ReviewDocumentDto } from "@db/validators/verification";
import { useTranslation } from "@web/lib/i18n";
import { adminSectionPath } from "../../admin-sections";
import { adminVerificationsTexts } from "../texts";
import { Field, Panel } from "../../components/panel";

export function OwnerCard({ owner }: { owner: ReviewDocumentDto["owner"] }) {
  const { t } = useTranslation(adminVerificationsTexts);
  const name = `${owner.first_name} ${owner.last_name}`;
  return (
    <Panel title={t("adminVerifications.owner.title")}>
      <p className="text-lg font-semibold text-night-900">{name}</p>
      <dl className="mt-3 grid gap-y-3">
        <Field label={t("adminVerifications.owner.email")}>{owner.email}</Field>
        <Field label={t("adminVerifications.owner.city")}>{owner.city ?? t("adminShared.none")}</Field>
        <Field label={t("adminVerifications.owner.role")}>{t(`adminVerifications.roles.${owner.user_type}`)}</Field>
        <Field label={t("adminVerifications.owner.verified")}>
          {t(owner.is_verified ? "adminVerifications.owner.yes" : "adminVerifications.owner.no")}
        </Field>
      </dl>
      <Link
        to={`${adminSectionPath("users")}/${owner.id}`}
        className="mt-3 inline-block py-1 font-semibold text-glow-900 underline"
      >
        {t("adminVerifications.owner.account", { name })}
      </Link>
    </Panel>
  );
}
