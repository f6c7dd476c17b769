// /settings (money-and-operations §2 Settings): four tabs, Notifications, Abonnement, Sécurité and
// Confidentialité, the tab in the URL (?tab=), so it survives a reload and can be linked (the
// checkout sends a subscribed babysitter to ?tab=subscription). Only babysitters have a
// subscription, so only they see that tab, and it is theirs by default. Notifications, Sécurité
// and Confidentialité arrive with the next issue: an honest note until then.
import { type KeyboardEvent, useRef } from "react";
import { useSearchParams } from "react-router-dom";
import { PageFrame } from "@web/components/ui/page-frame";
import { useTranslation } from "@web/lib/i18n";
import { useSession } from "@web/lib/session";
import { ComingSoonPanel } from "./components/coming-soon-panel";
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

  return (
    <PageFrame title={t("pages.settings")}>
      <SettingsTabs tabs={tabs} tab={tab} onSelect={select} />
      <div id={PANEL_ID} role="tabpanel" aria-labelledby={tabId(tab)} className="mt-6">
        {tab === "subscription" ? <SubscriptionPanel /> : <ComingSoonPanel title={t(`settings.tabs.${tab}`)} />}
      </div>
    </PageFrame>
  );
}

/** The tabs, with the arrow keys, Home and End moving between them (WAI-ARIA tabs pattern). */
function SettingsTabs({
  tabs,
  tab,
  onSelect,
}: {
  tabs: readonly SettingsTab[];
  tab: SettingsTab;
  onSelect: (tab: SettingsTab) => void;
}) {
  const { t } = useTranslation(settingsTexts);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const onKeyDown = (event: KeyboardEvent) => {
    const current = tabs.indexOf(tab);
    const moves: Record<string, number> = {
      ArrowRight: current + 1,
      ArrowLeft: current - 1,
      Home: 0,
      End: tabs.length - 1,
    };
    if (!(event.key in moves)) return;
    event.preventDefault();
    const index = (moves[event.key] + tabs.length) % tabs.length;
    onSelect(tabs[index]);
    buttons.current[index]?.focus();
  };
  return (
    <div
      role="tablist"
      aria-label={t("settings.tabs.label")}
      className="flex max-w-full gap-1 overflow-x-auto rounded-2xl bg-night-100 p-1 sm:inline-flex"
    >
      {tabs.map((value, index) => {
        const selected = value === tab;
        return (
          <button
            key={value}
            ref={(element) => {
              buttons.current[index] = element;
            }}
            id={tabId(value)}
            type="button"
            role="tab"
            aria-selected={selected}
            aria-controls={PANEL_ID}
            tabIndex={selected ? 0 : -1}
            onClick={() => onSelect(value)}
            onKeyDown={onKeyDown}
            className={
              selected
                ? "shrink-0 rounded-xl bg-white px-4 py-2 text-sm font-semibold text-night-900 shadow-sm"
                : "shrink-0 rounded-xl px-4 py-2 text-sm font-semibold text-night-700 hover:bg-white/60"
            }
          >
            {t(`settings.tabs.${value}`)}
          </button>
        );
      })}
    </div>
  );
}
