// /unsubscribe?token=…: the page an email's unsubscribe link opens. Works signed out: the signed
// token is the credential. Opening it changes nothing (mail scanners open links too); 'Me
// désabonner' turns off the one list the link names, then says so, reminds that essential emails
// still arrive, and points to the preferences where a signed-in member can switch it back on.
import { useEffect, useRef } from "react";
import { Link, useSearchParams } from "react-router-dom";
import { Button } from "@web/components/ui/button";
import { PageFrame } from "@web/components/ui/page-frame";
import { LoadError, PageLoading } from "@web/components/ui/page-states";
import { ApiError } from "@web/lib/api-client";
import { useTranslation } from "@web/lib/i18n";
import { notify } from "@web/lib/notify";
import { serverMessage } from "@web/lib/server-message";
import { useSession } from "@web/lib/session";
import { useUnsubscribeTarget } from "./api/get-unsubscribe";
import { useUnsubscribe } from "./api/unsubscribe";
import { unsubscribeTexts } from "./unsubscribe-texts";

const PREFERENCES_PATH = "/settings?tab=notifications";
const CARD = "flex max-w-xl flex-col gap-4 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-night-100";
const LINK = "font-semibold text-glow-900 underline";

export function UnsubscribePage() {
  const { t } = useTranslation(unsubscribeTexts);
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const target = useUnsubscribeTarget(token);
  const apply = useUnsubscribe();
  const signedIn = Boolean(useSession().data);
  const done = useRef<HTMLParagraphElement>(null);
  const title = t("unsubscribe.title");

  // The button disappears once it worked: focus moves to the confirmation, which is read out.
  useEffect(() => {
    if (apply.isSuccess) done.current?.focus();
  }, [apply.isSuccess]);

  const refused = target.error instanceof ApiError && target.error.status === 400;
  if (!token || refused) {
    return (
      <PageFrame title={title}>
        <div className={CARD}>
          <h2 className="text-xl font-semibold text-night-900">{t("unsubscribe.invalid")}</h2>
          <p className="text-slate-700">{t("unsubscribe.invalidHint")}</p>
          <Link to="/" className={LINK}>
            {t("unsubscribe.home")}
          </Link>
        </div>
      </PageFrame>
    );
  }
  if (target.isPending) return <PageLoading title={title} className="h-56 max-w-xl" />;
  if (target.isError) {
    return (
      <LoadError
        variant="page"
        title={title}
        message={serverMessage(target.error, t, "unsubscribe.loadError")}
        onRetry={() => void target.refetch()}
      />
    );
  }

  const { list, email_hint: email } = target.data;
  const essential = <p className="text-sm text-slate-600">{t("unsubscribe.essential")}</p>;

  return (
    <PageFrame title={title}>
      <div className={CARD}>
        {apply.isSuccess ? (
          <>
            <p ref={done} tabIndex={-1} role="status" className="text-lg font-semibold text-night-900 outline-none">
              {t(`unsubscribe.lists.${list}.done`)}
            </p>
            {essential}
            <p className="text-slate-700">
              {t(signedIn ? "unsubscribe.preferencesHint" : "unsubscribe.preferencesSignedOut")}
            </p>
            <Link to={PREFERENCES_PATH} className={LINK}>
              {t("unsubscribe.preferences")}
            </Link>
          </>
        ) : (
          <>
            <h2 className="text-xl font-semibold text-night-900">{t(`unsubscribe.lists.${list}.question`)}</h2>
            <p className="text-slate-700">{t(`unsubscribe.lists.${list}.detail`)}</p>
            <p className="text-slate-700">{t("unsubscribe.address", { email })}</p>
            <Button
              className="self-start"
              loading={apply.isPending}
              onClick={() =>
                apply.mutate(token, {
                  onError: (error) => notify.error(serverMessage(error, t, "unsubscribe.failed")),
                })
              }
            >
              {t("unsubscribe.submit")}
            </Button>
            {essential}
          </>
        )}
      </div>
    </PageFrame>
  );
}
