// /settings: four tabs, Notifications, Abonnement, Sécurité and Confidentialité, the tab in the URL
// (?tab=), so it survives a reload and can be linked (the checkout sends a subscribed babysitter to
// ?tab=subscription). Only babysitters have a subscription, so only they see that tab, and it is
// theirs by default. The tabs wrap on a phone, so every label is seen whole; a tab's unsaved
// changes are not dropped without asking.
import { useSearchParams } from "react-router-dom";
import { ConfirmDialog } from "@web/components/ui/confirm-dialog";
import { PageFrame } from "@web/components/ui/page-frame";
import { TabList } from "@web/components/ui/tab-list";
import { useTranslation } from "@web/lib/i18n";
import { useLeaveGuard } from "@web/lib/leave-guard";
import { useSession } from "@web/lib/session";
import { NotificationPreferences } from "./components/notification-preferences";
import { PrivacyPanel } from "./components/privacy-panel";
import { SecurityPanel } from "./components/security-panel";
import { SubscriptionPanel } from "./components/subscription-panel";
import { settingsTexts } from "./texts";

const ALL_TABS = ["notifications", "subscription", "security", "privacy"] as const;
type SettingsTab = (typeof ALL_TABS)[number];

const PANEL_ID = "settings-panel";
const tabId = (tab: SettingsTab) => `settings-tab-${tab}`;

export function SettingsPage() {
  const { t } = useTranslation(settingsTexts);
  const { data: profile } = useSession();
  const babysitter = profile?.user_type === "babysitter";
  const tabs = ALL_TABS.filter((tab) => tab !== "subscription" || babysitter);
  const [params, setParams] = useSearchParams();
  const requested = params.get("tab");
  const fallback: SettingsTab = babysitter ? "subscription" : "notifications";
  const tab = tabs.find((candidate) => candidate === requested) ?? fallback;
  const select = (next: SettingsTab) => setParams({ tab: next }, { replace: true });
  // A form with changes asks before they are lost: another tab, another page, back, reload.
  const guard = useLeaveGuard();

  return (
    <PageFrame title={t("pages.settings")}>
      <TabList
        tabs={tabs}
        selected={tab}
        onSelect={select}
        label={t("settings.tabs.label")}
        labelOf={(value) => t(`settings.tabs.${value}`)}
        idOf={tabId}
        panelId={PANEL_ID}
        className="flex flex-wrap sm:inline-flex"
      />
      <div id={PANEL_ID} role="tabpanel" aria-labelledby={tabId(tab)} className="mt-6">
        {tab === "notifications" ? (
          <NotificationPreferences />
        ) : tab === "subscription" ? (
          <SubscriptionPanel />
        ) : tab === "security" ? (
          <SecurityPanel />
        ) : (
          <PrivacyPanel />
        )}
      </div>
      <ConfirmDialog
        open={guard.asking}
        title={t("settings.leave.title")}
        message={t("settings.leave.message")}
        confirmLabel={t("settings.leave.leave")}
        cancelLabel={t("settings.leave.stay")}
        onConfirm={guard.leave}
        onCancel={guard.stay}
      />
    </PageFrame>
  );
}
