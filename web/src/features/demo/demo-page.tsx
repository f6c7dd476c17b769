// /demo: three scenarios of four steps, auto-advancing every DEMO_AUTO_ADVANCE_MS, with previous /
// next / pause / reset, a device preview (mobile, tablet, desktop) and a call to action to
// /register. A pre-rendered public page: the first render is the same on the server and in the
// browser (no window read while rendering; the motion preference is read once mounted).
// Accessibility, as WAI's carousel pattern has it: while the demo plays, its step region is not a
// live region (a change every 3 s would drown a screen reader); once the user takes over (pause,
// previous, next, a step or a scenario chosen, which also stop the auto-advance), it is polite and
// every change is read. Keyboard focus entering the controls pauses it too. With
// prefers-reduced-motion the demo starts paused and says why.
import { clsx } from "clsx";
import { ChevronLeft, ChevronRight, Monitor, Pause, Play, RotateCcw, Smartphone, Tablet } from "lucide-react";
import { type FocusEvent, type ReactNode, useEffect, useState } from "react";
import { Link } from "react-router-dom";
import { DEMO_AUTO_ADVANCE_MS } from "@db/constants/demo";
import { buttonClasses } from "@web/components/ui/button-styles";
import { useDocumentTitle } from "@web/components/ui/page-frame";
import { useTranslation } from "@web/lib/i18n";
import { useSession } from "@web/lib/session";
import { StepIllustration } from "./components/illustrations";
import { type Device, DEVICES, nextPosition, type Position, previousPosition, SCENARIOS } from "./scenarios";
import { demoTexts } from "./texts";

const DEVICE_ICONS = { mobile: Smartphone, tablet: Tablet, desktop: Monitor } as const;
/** The preview frame's width per device. */
const DEVICE_WIDTHS: Record<Device, string> = {
  mobile: "max-w-[375px]",
  tablet: "max-w-[768px]",
  desktop: "max-w-full",
};
const START: Position = { scenario: 0, step: 0 };

type Playback = "playing" | "paused" | "reducedMotion";

function usePrefersReducedMotion(onReduced: () => void) {
  useEffect(() => {
    if (window.matchMedia?.("(prefers-reduced-motion: reduce)").matches) onReduced();
    // Once, after the first render: the preference decides how the demo starts.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}

export function DemoPage() {
  const { t } = useTranslation(demoTexts);
  useDocumentTitle(t("demo.documentTitle"));
  const [position, setPosition] = useState<Position>(START);
  const [playback, setPlayback] = useState<Playback>("playing");
  const [device, setDevice] = useState<Device>("desktop");
  const playing = playback === "playing";
  usePrefersReducedMotion(() => setPlayback("reducedMotion"));

  useEffect(() => {
    if (!playing) return;
    const timer = setTimeout(() => setPosition(nextPosition), DEMO_AUTO_ADVANCE_MS);
    return () => clearTimeout(timer);
  }, [playing, position]);

  /** The user takes over: the auto-advance stops and the step region speaks. */
  const goTo = (target: Position) => {
    setPlayback("paused");
    setPosition(target);
  };
  const reset = () => {
    setPosition({ scenario: position.scenario, step: 0 });
    setPlayback((current) => (current === "reducedMotion" ? current : "playing"));
  };
  const pauseOnKeyboardFocus = (event: FocusEvent<HTMLElement>) => {
    if (playing && event.target.matches(":focus-visible")) setPlayback("paused");
  };

  const scenario = SCENARIOS[position.scenario];
  const stepId = scenario.steps[position.step];
  const stepKey = `demo.scenarios.${scenario.id}.steps.${stepId}`;

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 lg:py-12">
      <p className="text-sm font-semibold uppercase tracking-wide text-glow-800">{t("demo.eyebrow")}</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-night-900 sm:text-4xl">{t("demo.title")}</h1>
      <p className="mt-3 max-w-3xl text-lg text-slate-700">{t("demo.intro")}</p>

      <div role="group" aria-label={t("demo.scenariosLabel")} className="mt-8 grid gap-3 sm:grid-cols-3">
        {SCENARIOS.map(({ id, icon: Icon }, index) => (
          <button
            key={id}
            type="button"
            aria-pressed={index === position.scenario}
            onClick={() => goTo({ scenario: index, step: 0 })}
            onFocus={pauseOnKeyboardFocus}
            className={clsx(
              "flex items-start gap-3 rounded-2xl border p-4 text-left transition-colors",
              index === position.scenario
                ? "border-night-900 bg-night-900 text-white"
                : "border-night-100 bg-white text-night-900 hover:border-night-600",
            )}
          >
            <Icon aria-hidden="true" className="mt-0.5 h-6 w-6 shrink-0" />
            <span>
              <span className="block font-semibold">{t(`demo.scenarios.${id}.title`)}</span>
              <span
                className={clsx("block text-sm", index === position.scenario ? "text-night-100" : "text-slate-700")}
              >
                {t(`demo.scenarios.${id}.summary`)}
              </span>
            </span>
          </button>
        ))}
      </div>

      <section aria-labelledby="demo-step-title" className="mt-8 rounded-3xl bg-night-50 p-4 sm:p-8">
        <div aria-live={playing ? "off" : "polite"} aria-atomic="true">
          <p className="text-sm font-semibold text-glow-900">
            {t("demo.stepOf", { step: position.step + 1, count: scenario.steps.length })}
          </p>
          <h2 id="demo-step-title" className="mt-1 text-2xl font-bold text-night-900">
            {t(`${stepKey}.title`)}
          </h2>
          <p className="mt-2 max-w-3xl text-slate-700">{t(`${stepKey}.text`)}</p>
        </div>

        <ol aria-label={t("demo.stepsLabel")} className="mt-4 flex gap-2">
          {scenario.steps.map((id, index) => (
            <li key={id}>
              <button
                type="button"
                aria-current={index === position.step ? "step" : undefined}
                aria-label={t("demo.stepButton", {
                  step: index + 1,
                  title: t(`demo.scenarios.${scenario.id}.steps.${id}.title`),
                })}
                onClick={() => goTo({ scenario: position.scenario, step: index })}
                onFocus={pauseOnKeyboardFocus}
                className="flex h-6 w-10 items-center justify-center"
              >
                <span
                  aria-hidden="true"
                  className={clsx(
                    "h-2 w-full rounded-full",
                    index === position.step ? "bg-night-900" : "bg-night-100 hover:bg-night-600",
                  )}
                />
              </button>
            </li>
          ))}
        </ol>

        <div className="mt-6 flex flex-wrap items-center justify-between gap-4">
          <div role="group" aria-label={t("demo.controls.label")} className="flex flex-wrap gap-2">
            <ControlButton
              onClick={() => goTo(previousPosition(position))}
              onFocus={pauseOnKeyboardFocus}
              icon={<ChevronLeft aria-hidden="true" className="h-4 w-4" />}
            >
              {t("demo.controls.previous")}
            </ControlButton>
            <ControlButton
              onClick={() => setPlayback(playing ? "paused" : "playing")}
              onFocus={pauseOnKeyboardFocus}
              icon={
                playing ? (
                  <Pause aria-hidden="true" className="h-4 w-4" />
                ) : (
                  <Play aria-hidden="true" className="h-4 w-4" />
                )
              }
            >
              {t(playing ? "demo.controls.pause" : "demo.controls.play")}
            </ControlButton>
            <ControlButton
              onClick={() => goTo(nextPosition(position))}
              onFocus={pauseOnKeyboardFocus}
              icon={<ChevronRight aria-hidden="true" className="h-4 w-4" />}
              iconAfter
            >
              {t("demo.controls.next")}
            </ControlButton>
            <ControlButton
              onClick={reset}
              onFocus={pauseOnKeyboardFocus}
              icon={<RotateCcw aria-hidden="true" className="h-4 w-4" />}
            >
              {t("demo.controls.reset")}
            </ControlButton>
          </div>

          <div role="group" aria-label={t("demo.devices.label")} className="flex gap-1 rounded-xl bg-white p-1">
            {DEVICES.map((option) => {
              const Icon = DEVICE_ICONS[option];
              return (
                <button
                  key={option}
                  type="button"
                  aria-pressed={device === option}
                  onClick={() => setDevice(option)}
                  className={clsx(
                    "inline-flex items-center gap-1.5 rounded-lg px-3 py-1.5 text-sm font-semibold",
                    device === option ? "bg-night-900 text-white" : "text-night-900 hover:bg-night-50",
                  )}
                >
                  <Icon aria-hidden="true" className="h-4 w-4" />
                  {t(`demo.devices.${option}`)}
                </button>
              );
            })}
          </div>
        </div>
        <p className="mt-3 text-sm text-slate-700">
          {playback === "playing"
            ? t("demo.controls.autoPlaying", { seconds: DEMO_AUTO_ADVANCE_MS / 1000 })
            : t(playback === "reducedMotion" ? "demo.controls.reducedMotion" : "demo.controls.paused")}
        </p>

        <DeviceFrame device={device} label={t("demo.devices.frame", { device: t(`demo.devices.${device}`) })}>
          <StepIllustration step={stepId} />
        </DeviceFrame>
      </section>

      <CallToAction />
    </div>
  );
}

function ControlButton({
  onClick,
  onFocus,
  icon,
  iconAfter,
  children,
}: {
  onClick: () => void;
  onFocus: (event: FocusEvent<HTMLElement>) => void;
  icon: ReactNode;
  iconAfter?: boolean;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      onFocus={onFocus}
      className={buttonClasses("ghost", "sm", "border border-night-600 bg-white")}
    >
      {!iconAfter && icon}
      {children}
      {iconAfter && icon}
    </button>
  );
}

/** A device's outline at its width, the step's drawing inside. */
function DeviceFrame({ device, label, children }: { device: Device; label: string; children: ReactNode }) {
  return (
    <figure
      aria-label={label}
      data-device={device}
      className={clsx(
        "mx-auto mt-6 w-full overflow-hidden border-night-900 bg-cream shadow-lg transition-[max-width] duration-300",
        DEVICE_WIDTHS[device],
        device === "desktop" ? "rounded-xl border-[6px] border-t-[18px]" : "rounded-[2rem] border-[10px]",
      )}
    >
      <div className={clsx("flex min-h-72 items-center px-4 py-8", device === "mobile" ? "sm:px-4" : "sm:px-10")}>
        {children}
      </div>
    </figure>
  );
}

/** 'Créer un compte' (to /register), or the dashboard for someone already signed in; the
 * pre-rendered page says 'Créer un compte' until the session is known. */
function CallToAction() {
  const { t } = useTranslation(demoTexts);
  const { data: profile } = useSession();
  return (
    <section className="mt-12 flex flex-col items-start justify-between gap-4 rounded-3xl bg-night-900 px-6 py-8 text-white sm:flex-row sm:items-center sm:px-10">
      <div>
        <h2 className="text-2xl font-bold">{t("demo.cta.title")}</h2>
        <p className="mt-1 text-night-100">{t("demo.cta.text")}</p>
      </div>
      {profile ? (
        <Link to="/dashboard" className={buttonClasses("primary", "lg")}>
          {t("demo.cta.dashboard")}
        </Link>
      ) : (
        <Link to="/register" className={buttonClasses("primary", "lg")}>
          {t("demo.cta.register")}
        </Link>
      )}
    </section>
  );
}
