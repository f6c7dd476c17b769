// Static marketing page: the product's claims (the features still to come labelled as such) and the
// plans only, no figure that pretends to be live data.
import { clsx } from "clsx";
import BadgeEuro from "lucide-react/icons/badge-euro";
import Brain from "lucide-react/icons/brain";
import Check from "lucide-react/icons/check";
import Clock from "lucide-react/icons/clock";
import HeartHandshake from "lucide-react/icons/heart-handshake";
import type { LucideIcon } from "lucide-react";
import MessageCircleHeart from "lucide-react/icons/message-circle-heart";
import ShieldCheck from "lucide-react/icons/shield-check";
import Sparkles from "lucide-react/icons/sparkles";
import type { ReactNode } from "react";
import { useTranslation } from "@web/lib/i18n";
import { Link } from "react-router-dom";
import { buttonClasses } from "@web/components/ui/button-styles";
import { useDocumentTitle } from "@web/components/ui/page-frame";
import { planFeatureKey, planNameKey, PLANS, type PlanDefinition } from "@db/constants/plans";
import { formatEuros } from "@web/lib/format";
import { useSession } from "@web/lib/session";
import { homeTexts } from "./texts";

const BENEFITS: { key: string; icon: LucideIcon }[] = [
  { key: "matching", icon: Brain },
  { key: "speed", icon: Clock },
  { key: "safety", icon: ShieldCheck },
  { key: "messaging", icon: MessageCircleHeart },
];

const UPCOMING = ["video", "education", "homework", "entertainment", "creative", "planning"] as const;

function useList(key: string): string[] {
  const { t } = useTranslation(homeTexts);
  const value = t(key, { returnObjects: true });
  return Array.isArray(value) ? (value as string[]) : [];
}

function Section({ id, title, intro, children, tone = "light" }: SectionProps) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className={clsx("scroll-mt-20 px-4 py-16 sm:px-6", tone === "dark" ? "bg-night-900 text-white" : "")}
    >
      <div className="mx-auto max-w-6xl">
        <h2 id={`${id}-title`} className="text-3xl font-bold tracking-tight">
          {title}
        </h2>
        {intro && (
          <p className={clsx("mt-3 max-w-3xl text-lg", tone === "dark" ? "text-night-100" : "text-slate-700")}>
            {intro}
          </p>
        )}
        <div className="mt-10">{children}</div>
      </div>
    </section>
  );
}
type SectionProps = { id: string; title: string; intro?: string; children: ReactNode; tone?: "light" | "dark" };

export function HomePage() {
  const { t } = useTranslation(homeTexts);
  useDocumentTitle(t("home.documentTitle"));
  return (
    <>
      <Hero />
      <Section id="benefits" title={t("home.benefits.title")}>
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {BENEFITS.map(({ key, icon: Icon }) => (
            <li key={key} className="rounded-2xl border border-night-100 bg-white p-6 shadow-sm">
              <Icon aria-hidden="true" className="h-8 w-8 text-glow-800" />
              <h3 className="mt-4 text-lg font-semibold">{t(`home.benefits.${key}.title`)}</h3>
              <p className="mt-2 text-slate-700">{t(`home.benefits.${key}.text`)}</p>
            </li>
          ))}
        </ul>
      </Section>
      <Welcome />
      <RevenueModel />
      <Matching />
      <Upcoming />
      <Plans />
      <Faq />
      <FinalCta />
    </>
  );
}

function Hero() {
  const { t } = useTranslation(homeTexts);
  return (
    <section className="relative overflow-hidden bg-night-900 px-4 pb-20 pt-16 text-white sm:px-6 lg:pt-24">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -right-24 -top-24 h-96 w-96 rounded-full bg-glow-400/20 blur-3xl"
      />
      <div className="relative mx-auto max-w-6xl">
        <p className="inline-flex items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-sm font-medium text-glow-300">
          <Sparkles aria-hidden="true" className="h-4 w-4" />
          {t("home.hero.eyebrow")}
        </p>
        <h1 className="mt-6 max-w-3xl text-4xl font-extrabold leading-tight tracking-tight sm:text-5xl">
          {t("home.hero.title")}
        </h1>
        <p className="mt-5 max-w-2xl text-lg text-night-100">{t("home.hero.subtitle")}</p>
        <div className="mt-8 flex flex-wrap gap-3">
          <Link to="/search" className={buttonClasses("primary", "lg")}>
            {t("home.hero.ctaSearch")}
          </Link>
          <Link to="/demo" className={buttonClasses("outline-light", "lg")}>
            {t("home.hero.ctaDemo")}
          </Link>
          <AccountCta variant="outline-light" />
        </div>
        <ul className="mt-10 flex flex-wrap gap-x-8 gap-y-3 text-sm text-night-100">
          {["free", "commission", "matching"].map((key) => (
            <li key={key} className="inline-flex items-center gap-2">
              <Check aria-hidden="true" className="h-4 w-4 text-glow-400" />
              {t(`home.hero.points.${key}`)}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

/**
 * 'Créer un compte', or the dashboard for someone already signed in. The pre-rendered page says
 * 'Créer un compte' (no session is known then), and the session's answer swaps it.
 */
function AccountCta({ variant }: { variant: "primary" | "outline-light" }) {
  const { t } = useTranslation(homeTexts);
  const { data: profile } = useSession();
  if (profile) {
    return (
      <Link to="/dashboard" className={buttonClasses(variant, "lg")}>
        {t("home.hero.ctaDashboard")}
      </Link>
    );
  }
  return (
    <Link to="/register" className={buttonClasses(variant, "lg")}>
      {t("home.hero.ctaRegister")}
    </Link>
  );
}

function Welcome() {
  const { t } = useTranslation(homeTexts);
  const parentPoints = useList("home.welcome.parents.points");
  return (
    <Section id="welcome" title={t("home.welcome.title")}>
      <div className="grid gap-6 md:grid-cols-2">
        <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-night-100">
          <h3 className="text-xl font-semibold">{t("home.welcome.parents.title")}</h3>
          <ul className="mt-4 space-y-2 text-slate-700">
            {parentPoints.map((point) => (
              <li key={point} className="flex gap-2">
                <Check aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-glow-800" />
                {point}
              </li>
            ))}
          </ul>
        </div>
        <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-night-100">
          <h3 className="text-xl font-semibold">{t("home.welcome.sitters.title")}</h3>
          <p className="mt-4 text-slate-700">{t("home.welcome.sitters.text")}</p>
          <a href="#plans" className="mt-4 inline-block font-semibold text-glow-900 underline">
            {t("home.plans.see")}
          </a>
        </div>
      </div>
    </Section>
  );
}

function RevenueModel() {
  const { t } = useTranslation(homeTexts);
  const cards = [
    { key: "parents", icon: HeartHandshake },
    { key: "commission", icon: BadgeEuro },
    { key: "plans", icon: Sparkles },
  ];
  return (
    <Section id="revenue" title={t("home.revenue.title")} intro={t("home.revenue.intro")} tone="dark">
      <ul className="grid gap-6 md:grid-cols-3">
        {cards.map(({ key, icon: Icon }) => (
          <li key={key} className="rounded-2xl bg-night-800 p-6">
            <Icon aria-hidden="true" className="h-8 w-8 text-glow-400" />
            <p className="mt-4 text-3xl font-bold text-glow-300">{t(`home.revenue.${key}.headline`)}</p>
            <h3 className="mt-2 text-lg font-semibold">{t(`home.revenue.${key}.title`)}</h3>
            <p className="mt-2 text-night-100">{t(`home.revenue.${key}.text`)}</p>
          </li>
        ))}
      </ul>
    </Section>
  );
}

function Matching() {
  const { t } = useTranslation(homeTexts);
  return (
    <Section id="matching" title={t("home.matching.title")} intro={t("home.matching.intro")}>
      <ol className="grid gap-6 md:grid-cols-3">
        {[1, 2, 3].map((step) => (
          <li key={step} className="rounded-2xl border border-night-100 bg-white p-6 shadow-sm">
            <span
              aria-hidden="true"
              className="inline-flex h-10 w-10 items-center justify-center rounded-full bg-night-900 font-bold text-glow-300"
            >
              {step}
            </span>
            <h3 className="mt-4 text-lg font-semibold">
              <span className="sr-only">{t("home.matching.stepLabel", { step })} </span>
              {t(`home.matching.steps.${step}.title`)}
            </h3>
            <p className="mt-2 text-slate-700">{t(`home.matching.steps.${step}.text`)}</p>
          </li>
        ))}
      </ol>
    </Section>
  );
}

function Upcoming() {
  const { t } = useTranslation(homeTexts);
  return (
    <Section id="upcoming" title={t("home.upcoming.title")} intro={t("home.upcoming.intro")}>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {UPCOMING.map((key) => (
          <li
            key={key}
            className="flex items-start justify-between gap-3 rounded-2xl bg-white p-5 ring-1 ring-night-100"
          >
            <div>
              <h3 className="font-semibold">{t(`home.upcoming.items.${key}.title`)}</h3>
              <p className="mt-1 text-sm text-slate-700">{t(`home.upcoming.items.${key}.text`)}</p>
            </div>
            <span className="shrink-0 rounded-full bg-glow-400 px-2.5 py-0.5 text-xs font-bold text-night-950">
              {t("home.upcoming.badge")}
            </span>
          </li>
        ))}
      </ul>
    </Section>
  );
}

function Plans() {
  const { t } = useTranslation(homeTexts);
  return (
    <Section id="plans" title={t("home.plans.title")} intro={t("home.plans.intro")}>
      <ul className="grid gap-6 lg:grid-cols-3">
        {Object.values(PLANS).map((plan) => (
          <PlanCard key={plan.id} plan={plan} />
        ))}
      </ul>
      <p className="mt-6 text-sm text-slate-700">{t("home.plans.parentsNote")}</p>
    </Section>
  );
}

function PlanCard({ plan }: { plan: PlanDefinition }) {
  const { t } = useTranslation(homeTexts);
  const features = plan.features.map((feature) => t(planFeatureKey(feature)));
  const cta = plan.id === "discovery" ? "/register" : `/payment/${plan.id}`;
  return (
    <li
      className={clsx(
        "relative flex flex-col rounded-2xl bg-white p-6 shadow-sm",
        plan.mostPopular ? "ring-2 ring-glow-500" : "ring-1 ring-night-100",
      )}
    >
      {plan.mostPopular && (
        <span className="absolute -top-3 left-6 rounded-full bg-glow-400 px-3 py-1 text-xs font-bold text-night-950">
          {t("home.plans.popular")}
        </span>
      )}
      <h3 className="text-xl font-semibold">{t(planNameKey(plan.id))}</h3>
      <p className="mt-1 text-sm text-slate-700">{t(`home.plans.${plan.id}.description`)}</p>
      <p className="mt-4">
        <span className="text-4xl font-extrabold">{formatEuros(plan.priceCents)}</span>
        <span className="text-slate-700"> {t(`home.plans.${plan.id}.period`)}</span>
      </p>
      <ul className="mt-6 flex-1 space-y-2 text-sm">
        {features.map((feature) => (
          <li key={feature} className="flex gap-2">
            <Check aria-hidden="true" className="h-5 w-5 shrink-0 text-glow-800" />
            {feature}
          </li>
        ))}
      </ul>
      <Link to={cta} className={buttonClasses(plan.mostPopular ? "primary" : "secondary", "md", "mt-6")}>
        {t(`home.plans.${plan.id}.cta`)}
      </Link>
    </li>
  );
}

function Faq() {
  const { t } = useTranslation(homeTexts);
  const items = t("home.faq.items", { returnObjects: true }) as { q: string; a: string }[];
  return (
    <Section id="faq" title={t("home.faq.title")}>
      <div className="max-w-3xl divide-y divide-night-100 rounded-2xl bg-white ring-1 ring-night-100">
        {(Array.isArray(items) ? items : []).map((item) => (
          <details key={item.q} className="group p-5">
            <summary className="cursor-pointer list-none font-semibold marker:hidden">
              <span className="flex items-center justify-between gap-4">
                {item.q}
                <span aria-hidden="true" className="text-glow-800 transition-transform group-open:rotate-45">
                  +
                </span>
              </span>
            </summary>
            <p className="mt-3 text-slate-700">{item.a}</p>
          </details>
        ))}
      </div>
    </Section>
  );
}

function FinalCta() {
  const { t } = useTranslation(homeTexts);
  return (
    <section aria-labelledby="cta-title" className="bg-night-900 px-4 py-16 text-center text-white sm:px-6">
      <h2 id="cta-title" className="text-3xl font-bold">
        {t("home.cta.title")}
      </h2>
      <p className="mx-auto mt-3 max-w-2xl text-night-100">{t("home.cta.text")}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <AccountCta variant="primary" />
        <Link to="/demo" className={buttonClasses("outline-light", "lg")}>
          {t("home.hero.ctaDemo")}
        </Link>
      </div>
    </section>
  );
}
