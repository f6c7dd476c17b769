// /urgent: a family's urgent requests (with 'Nouvelle demande urgente'), or, for a babysitter, the
// urgent requests sent to her, to accept or decline (where her notifications lead). Other roles
// read that urgent requests are not theirs.
import { PageFrame } from "@web/components/ui/page-frame";
import { useTranslation } from "@web/lib/i18n";
import { useSession } from "@web/lib/session";
import { IncomingRequests } from "./components/incoming-requests";
import { ParentRequests } from "./components/parent-requests";
import { urgentTexts } from "./texts";

export function UrgentPage() {
  const { t } = useTranslation(urgentTexts);
  const { data: profile } = useSession();
  if (!profile) return null; // the guard only renders this page with a session
  if (profile.user_type === "parent") return <ParentRequests />;
  if (profile.user_type === "babysitter") return <IncomingRequests />;
  return (
    <PageFrame title={t("urgent.incoming.title")}>
      <p className="text-slate-700">{t("urgent.roleOnly")}</p>
    </PageFrame>
  );
}
