// /profile: 'Profil' for everyone, 'Mes enfants' for parents, 'Profil baby-sitter' for babysitters.
// The open tab is in the address (?tab=children), so a link can open it and Back returns to it.
import { type KeyboardEvent, useRef } from "react";
import { useSearchParams } from "react-router-dom";
import { clsx } from "clsx";
import { ConfirmDialog } from "@web/components/ui/confirm-dialog";
import { PageFrame } from "@web/components/ui/page-frame";
import type { UserType } from "@web/lib/api-client";
import { useTranslation } from "@web/lib/i18n";
import { useLeaveGuard } from "@web/lib/leave-guard";
import { useSession } from "@web/lib/session";
import { BabysitterTab } from "./components/babysitter-tab";
import { ChildrenTab } from "./components/children-tab";
import { ProfileTab } from "./components/profile-tab";
import { profileTexts } from "./texts";

const TABS = {
  profile: { label: "profile.tabs.profile", Panel: ProfileTab, for: ["parent", "babysitter", "admin", "agency"] },
  children: { label: "profile.tabs.children", Panel: ChildrenTab, for: ["parent"] },
  babysitter: { label: "profile.tabs.babysitter", Panel: BabysitterTab, for: ["babysitter"] },
} as const satisfies Record<string, { label: string; Panel: () => React.ReactNode; for: readonly UserType[] }>;
type TabName = keyof typeof TABS;

const tabsFor = (userType: UserType) =>
  (Object.keys(TABS) as TabName[]).filter((name) => (TABS[name].for as readonly UserType[]).includes(userType));

export function ProfilePage() {
  const { t } = useTranslation(profileTexts);
  const { data: session } = useSession();
  const [params, setParams] = useSearchParams();
  const tabRefs = useRef(new Map<TabName, HTMLButtonElement>());
  // A form with changes asks before they are lost: another tab, another page, back, reload.
  const guard = useLeaveGuard();
  if (!session) return null; // the guard only renders this page with a session
  const tabs = tabsFor(session.user_type);
  const requested = params.get("tab") as TabName | null;
  const current = requested && tabs.includes(requested) ? requested : tabs[0];
  const { Panel } = TABS[current];

  const open = (name: TabName) => setParams(name === tabs[0] ? {} : { tab: name }, { replace: true });

  // WAI-ARIA tabs: arrows move between tabs (and open them), Home and End go to the ends.
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = tabs.indexOf(current);
    const next = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: tabs.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const name = tabs[(next + tabs.length) % tabs.length];
    open(name);
    tabRefs.current.get(name)?.focus();
  };

  return (
    <PageFrame title={t("pages.profile")}>
      {tabs.length > 1 && (
        <div
          role="tablist"
          aria-label={t("profile.tabs.label")}
          className="flex gap-1 overflow-x-auto border-b border-night-100"
        >
          {tabs.map((name) => (
            <button
              key={name}
              ref={(element) => {
                if (element) tabRefs.current.set(name, element);
              }}
              type="button"
              role="tab"
              id={`tab-${name}`}
              aria-selected={name === current}
              aria-controls={`panel-${name}`}
              tabIndex={name === current ? 0 : -1}
              onClick={() => open(name)}
              onKeyDown={onKeyDown}
              className={clsx(
                "-mb-px whitespace-nowrap border-b-2 px-4 py-2.5 text-sm font-semibold",
                name === current
                  ? "border-glow-800 text-night-900"
                  : "border-transparent text-slate-700 hover:text-night-900",
              )}
            >
              {t(TABS[name].label)}
            </button>
          ))}
        </div>
      )}
      <div
        role={tabs.length > 1 ? "tabpanel" : undefined}
        id={`panel-${current}`}
        aria-labelledby={tabs.length > 1 ? `tab-${current}` : undefined}
        className="mt-6"
      >
        <Panel />
      </div>
      <ConfirmDialog
        open={guard.asking}
        title={t("profile.leave.title")}
        message={t("profile.leave.message")}
        confirmLabel={t("profile.leave.leave")}
        cancelLabel={t("profile.leave.stay")}
        onConfirm={guard.leave}
        onCancel={guard.stay}
      />
    </PageFrame>
  );
}
