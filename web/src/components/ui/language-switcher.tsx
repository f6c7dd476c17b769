import { clsx } from "clsx";
import { changeLanguage, LANGUAGES, useTranslation } from "@web/lib/i18n";
import { notify } from "@web/lib/notify";

/** FR / EN toggle, in the top navigation. The choice is stored and applied to <html lang>. */
export function LanguageSwitcher({ tone = "dark" }: { tone?: "dark" | "light" }) {
  const { t, language: active } = useTranslation();
  return (
    <div
      role="group"
      aria-label={t("common.language")}
      className="inline-flex rounded-lg border border-current/30 p-0.5"
    >
      {LANGUAGES.map((lang) => (
        <button
          key={lang}
          type="button"
          lang={lang}
          aria-pressed={active === lang}
          // The name starts with what the button shows ("FR"), for speech input (WCAG 2.5.3).
          aria-label={`${lang.toUpperCase()} – ${t(`common.languages.${lang}`)}`}
          // Its texts could not be fetched (offline): said, in the language still shown; a click
          // again fetches them again.
          onClick={() => void changeLanguage(lang).catch(() => notify.error(t("common.languageFailed")))}
          className={clsx(
            "min-h-6 min-w-8 rounded-md px-2 py-1 text-xs font-bold uppercase",
            active === lang
              ? "bg-glow-400 text-night-950"
              : tone === "dark"
                ? "text-night-900 hover:bg-night-100"
                : "text-white hover:bg-white/10",
          )}
        >
          {lang.toUpperCase()}
        </button>
      ))}
    </div>
  );
}
