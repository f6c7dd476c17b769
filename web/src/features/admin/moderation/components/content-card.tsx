// What was flagged, at the top of the item's page: its type (the page's h2), its status and
// severity, an appeal's badge and link to the decision it contests, the content as it was reported
// (a copy: text shown as text, never as HTML; a photo shown from its address), and whether it is
// hidden now (by the filter pending review, or by a rejection; disputed hours have no visibility).
import { useId, useState } from "react";
import { Link } from "react-router-dom";
import type { ModerationItemDto } from "@db/validators/moderation";
import { useTranslation } from "@web/lib/i18n";
import { itemPath } from "../list-params";
import { adminModerationTexts } from "../texts";
import { AppealBadge, isPhotoAddress, SeverityBadge, StatusBadge } from "./labels";
import { Field } from "../../components/panel";

export function ContentCard({ item }: { item: ModerationItemDto }) {
  const { t } = useTranslation(adminModerationTexts);
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-night-100 bg-white p-5 shadow-sm">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id={headingId} className="text-2xl font-bold">
          {t(`adminModeration.item.titles.${item.type}`)}
        </h2>
        <StatusBadge status={item.status} />
        <SeverityBadge severity={item.severity} />
        {item.appeal_of && <AppealBadge />}
      </div>
      {item.appeal_of && (
        <p className="mt-2 text-slate-700">
          {t("adminModeration.item.appealOf")}{" "}
          <Link to={itemPath(item.appeal_of)} className="inline-block py-0.5 font-semibold text-glow-900 underline">
            {t("adminModeration.item.contested")}
          </Link>
        </p>
      )}
      {item.appealed && <p className="mt-2 text-slate-700">{t("adminModeration.item.appealed")}</p>}
      <h3 className="mt-4 text-sm font-medium text-slate-700">{t("adminModeration.item.content")}</h3>
      {isPhotoAddress(item) ? (
        <Photo key={item.content} item={item} />
      ) : (
        <p
          data-testid="moderation-content"
          className="mt-1 whitespace-pre-wrap break-words rounded-xl border border-night-100 bg-night-50 p-4 text-night-900"
        >
          {item.content}
        </p>
      )}
      {/* Disputed hours are a declaration, not something shown to others: no visibility to tell. */}
      {item.type !== "hours" && (
        <dl className="mt-4 grid gap-y-3">
          <Field label={t("adminModeration.item.visibility")}>
            <span data-testid="moderation-visibility">
              {t(item.hidden ? "adminModeration.item.hidden" : "adminModeration.item.visible")}
            </span>
          </Field>
        </dl>
      )}
    </section>
  );
}

/** The reported photo; once removed (a rejection deletes it), a sentence says so. */
function Photo({ item }: { item: ModerationItemDto }) {
  const { t } = useTranslation(adminModerationTexts);
  const [gone, setGone] = useState(false);
  if (gone) return <p className="mt-1 text-slate-700">{t("adminModeration.item.photoGone")}</p>;
  return (
    <img
      src={item.content}
      alt={t("adminModeration.item.photoAlt", { name: `${item.author.first_name} ${item.author.last_name}` })}
      onError={() => setGone(true)}
      className="mt-1 max-h-96 max-w-full rounded-xl border border-night-100 object-contain"
    />
  );
}
