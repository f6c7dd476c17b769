// Who wrote the content: name, email, role, and a link to the account's page in the Users section.
import { Link } from "react-router-dom";
import type { ModerationItemDto } from "@db/validators/moderation";
import { useTranslation } from "@web/lib/i18n";
import { adminSectionPath } from "../../admin-sections";
import { adminModerationTexts } from "../texts";
import { Field, Panel } from "../../components/panel";

export function AuthorCard({ author }: { author: ModerationItemDto["author"] }) {
  const { t } = useTranslation(adminModerationTexts);
  const name = `${author.first_name} ${author.last_name}`;
  return (
    <Panel title={t("adminModeration.item.author")}>
      <p className="text-lg font-semibold text-night-900">{name}</p>
      <dl className="mt-3 grid gap-y-3">
        <Field label={t("adminModeration.item.email")}>{author.email}</Field>
        <Field label={t("adminModeration.item.role")}>{t(`adminModeration.roles.${author.user_type}`)}</Field>
      </dl>
      <Link
        to={`${adminSectionPath("users")}/${author.id}`}
        className="mt-3 inline-block py-1 font-semibold text-glow-900 underline"
      >
        {t("adminModeration.item.account", { name })}
      </Link>
    </Panel>
  );
}
