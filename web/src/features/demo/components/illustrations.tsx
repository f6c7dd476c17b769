// One small drawing per demo step, in HTML and Tailwind (no image to load): a sketch of the screen
// the step talks about. Decorative for screen readers: the step's title and text say it all.
import { clsx } from "clsx";
import {
  AlertTriangle,
  BadgeCheck,
  Bell,
  CalendarCheck,
  Check,
  FileCheck2,
  Heart,
  Lightbulb,
  MapPin,
  MessageCircle,
  Search,
  ShieldAlert,
  Star,
  TrendingUp,
} from "lucide-react";
import type { ReactNode } from "react";
import { formatEuros } from "@web/lib/format";
import { useTranslation } from "@web/lib/i18n";
import type { StepId } from "../scenarios";
import { demoTexts } from "../texts";

function useArt() {
  const { t } = useTranslation(demoTexts);
  return (key: string, values?: Record<string, unknown>) => t(`demo.art.${key}`, values);
}

function Panel({ children, className }: { children: ReactNode; className?: string }) {
  return <div className={clsx("rounded-xl border border-night-100 bg-white p-4 shadow-sm", className)}>{children}</div>;
}

function Chip({ children }: { children: ReactNode }) {
  return <span className="rounded-full bg-night-50 px-3 py-1 text-xs font-medium text-night-800">{children}</span>;
}

function Bar({ label, percent }: { label: string; percent: 70 | 85 | 90 | 95 | 100 }) {
  const widths = { 70: "w-[70%]", 85: "w-[85%]", 90: "w-[90%]", 95: "w-[95%]", 100: "w-full" };
  return (
    <div>
      <div className="flex justify-between text-xs text-slate-700">
        <span>{label}</span>
        <span>{percent} %</span>
      </div>
      <div className="mt-1 h-2 rounded-full bg-night-50">
        <div className={clsx("h-2 rounded-full bg-glow-400", widths[percent])} />
      </div>
    </div>
  );
}

function SitterLine({ name, score, cents }: { name: string; score: number; cents: number }) {
  const art = useArt();
  return (
    <Panel className="flex items-center gap-3">
      <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-night-100 font-bold text-night-700">
        {name[0]}
      </span>
      <div className="min-w-0 flex-1">
        <p className="flex items-center gap-1 font-semibold text-night-900">
          {name} <BadgeCheck className="h-4 w-4 text-emerald-700" />
        </p>
        <p className="flex items-center gap-1 text-xs text-slate-700">
          <Star className="h-3 w-3 fill-glow-400 text-glow-500" /> 4,9 ·{" "}
          {art("perHour", { amount: formatEuros(cents) })}
        </p>
      </div>
      <span className="rounded-full bg-emerald-50 px-2 py-1 text-xs font-semibold text-emerald-800">
        {art("match", { score })}
      </span>
      <Heart className="h-5 w-5 shrink-0 fill-current text-red-600" />
    </Panel>
  );
}

function Need() {
  const art = useArt();
  return (
    <Panel className="space-y-4">
      <div className="flex items-center gap-2 rounded-lg border border-night-600 px-3 py-2 text-night-900">
        <MapPin className="h-4 w-4" /> {art("city")}
      </div>
      <div className="flex flex-wrap gap-2">
        <Chip>{art("slot")}</Chip>
        <Chip>{art("children")}</Chip>
        <Chip>{art("firstAid")}</Chip>
      </div>
      <div className="inline-flex items-center gap-2 rounded-lg bg-glow-400 px-4 py-2 text-sm font-semibold text-night-950">
        <Search className="h-4 w-4" /> {art("search")}
      </div>
    </Panel>
  );
}

function Matching() {
  const art = useArt();
  return (
    <Panel className="space-y-3">
      <Bar label={art("distance")} percent={90} />
      <Bar label={art("availability")} percent={100} />
      <Bar label={art("experience")} percent={85} />
      <Bar label={art("reviews")} percent={95} />
      <Bar label={art("languages")} percent={70} />
    </Panel>
  );
}

function Results() {
  return (
    <div className="space-y-3">
      <SitterLine name="Léa D." score={96} cents={1500} />
      <SitterLine name="Sarah M." score={91} cents={1400} />
      <SitterLine name="Inès B." score={88} cents={1600} />
    </div>
  );
}

function Booking() {
  const art = useArt();
  return (
    <Panel className="space-y-3 text-center">
      <span className="mx-auto flex h-12 w-12 items-center justify-center rounded-full bg-emerald-100 text-emerald-800">
        <CalendarCheck className="h-6 w-6" />
      </span>
      <p className="font-semibold text-night-900">{art("confirmed")}</p>
      <p className="text-sm text-slate-700">
        {art("slot")} · {art("children")}
      </p>
      <p className="inline-flex items-center gap-2 rounded-full bg-night-50 px-3 py-1 text-xs text-night-800">
        <MessageCircle className="h-4 w-4" /> {art("messageOpen")}
      </p>
    </Panel>
  );
}

function Profile() {
  const art = useArt();
  return (
    <Panel className="space-y-3">
      <div className="flex items-center gap-3">
        <span className="flex h-14 w-14 items-center justify-center rounded-full bg-night-100 text-xl font-bold text-night-700">
          L
        </span>
        <div>
          <p className="font-semibold text-night-900">Léa Dubois</p>
          <p className="text-xs text-slate-700">{art("completeness", { percent: 85 })}</p>
        </div>
      </div>
      <div className="h-2 rounded-full bg-night-50">
        <div className="h-2 w-[85%] rounded-full bg-glow-400" />
      </div>
      <ul className="space-y-1 text-sm text-night-900">
        {["photo", "bio", "languages", "specialties"].map((key) => (
          <li key={key} className="flex items-center gap-2">
            <Check className="h-4 w-4 text-emerald-700" /> {art(key)}
          </li>
        ))}
      </ul>
    </Panel>
  );
}

function Tips() {
  const art = useArt();
  return (
    <div className="space-y-3">
      {["tipAges", "tipFirstAid", "tipWednesday"].map((key) => (
        <Panel key={key} className="flex items-center gap-3 text-sm text-night-900">
          <Lightbulb className="h-5 w-5 shrink-0 text-glow-800" /> {art(key)}
        </Panel>
      ))}
    </div>
  );
}

/** Which half-days are open in the calendar sketch (afternoon row, evening row; Monday first). */
const OPEN = {
  afternoon: [false, false, true, false, false, true, true],
  evening: [true, true, true, false, true, true, false],
};

function Availability() {
  const art = useArt();
  const days = art("weekdays").split(",");
  return (
    <Panel>
      <div className="grid grid-cols-[auto_repeat(7,1fr)] items-center gap-1 text-center text-xs">
        <span />
        {days.map((day, index) => (
          <span key={index} className="font-semibold text-night-900">
            {day}
          </span>
        ))}
        {(["afternoon", "evening"] as const).map((slot) => (
          <div key={slot} className="contents">
            <span className="pr-2 text-left text-slate-700">{art(slot)}</span>
            {OPEN[slot].map((open, index) => (
              <span key={index} className={clsx("h-7 rounded-md", open ? "bg-glow-400" : "bg-night-50")} />
            ))}
          </div>
        ))}
      </div>
    </Panel>
  );
}

function Visibility() {
  const art = useArt();
  return (
    <div className="space-y-3">
      <Panel className="flex items-center gap-3 text-sm font-semibold text-night-900">
        <TrendingUp className="h-5 w-5 text-emerald-700" /> {art("inSearch")}
      </Panel>
      <Panel className="flex items-center gap-3 text-sm font-semibold text-night-900">
        <Bell className="h-5 w-5 text-glow-800" /> {art("newRequest")}
      </Panel>
      <Panel className="flex items-center gap-3 text-sm font-semibold text-night-900">
        <BadgeCheck className="h-5 w-5 text-emerald-700" /> {art("commission")}
      </Panel>
    </div>
  );
}

function Identity() {
  const art = useArt();
  return (
    <Panel className="space-y-2">
      {["idDocument", "proofOfAddress", "criminalRecord"].map((key) => (
        <p key={key} className="flex items-center gap-2 text-sm text-night-900">
          <FileCheck2 className="h-4 w-4 text-emerald-700" /> {art(key)}
          <Check className="ml-auto h-4 w-4 text-emerald-700" />
        </p>
      ))}
      <p className="mt-2 inline-flex items-center gap-1 rounded-full bg-emerald-50 px-3 py-1 text-xs font-semibold text-emerald-800">
        <BadgeCheck className="h-4 w-4" /> {art("verified")}
      </p>
    </Panel>
  );
}

function Messages() {
  const art = useArt();
  return (
    <Panel className="space-y-2 text-sm">
      <p className="max-w-[80%] rounded-2xl rounded-bl-sm bg-night-50 px-3 py-2 text-night-900">
        {art("chatQuestion")}
      </p>
      <p className="flex items-start gap-2 rounded-lg border border-glow-500 bg-glow-300/30 px-3 py-2 text-night-900">
        <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0 text-glow-900" />
        <span>
          <strong className="block">{art("suspicious")}</strong>
          {art("warning")}
        </span>
      </p>
      <p className="ml-auto max-w-[80%] rounded-2xl rounded-br-sm bg-night-900 px-3 py-2 text-white">
        {art("chatAnswer")}
      </p>
    </Panel>
  );
}

function Live() {
  const art = useArt();
  return (
    <Panel>
      <ol className="space-y-3 border-l-2 border-night-100 pl-4 text-sm text-night-900">
        {["arrived", "bedtime", "left"].map((key) => (
          <li key={key} className="relative">
            <span className="absolute -left-[1.4rem] top-0.5 flex h-4 w-4 items-center justify-center rounded-full bg-emerald-600 text-white">
              <Check className="h-3 w-3" />
            </span>
            {art(key)}
          </li>
        ))}
      </ol>
    </Panel>
  );
}

function Alert() {
  const art = useArt();
  return (
    <Panel className="space-y-3 border-red-200">
      <p className="flex items-center gap-2 font-semibold text-red-800">
        <ShieldAlert className="h-5 w-5" /> {art("alertTitle")}
      </p>
      <p className="text-sm text-slate-700">{art("alertText")}</p>
      <span className="inline-flex h-12 w-12 items-center justify-center rounded-full bg-red-700 text-sm font-bold text-white">
        {art("sos")}
      </span>
    </Panel>
  );
}

const ILLUSTRATIONS: Record<StepId, () => ReactNode> = {
  need: Need,
  matching: Matching,
  results: Results,
  booking: Booking,
  profile: Profile,
  tips: Tips,
  availability: Availability,
  visibility: Visibility,
  identity: Identity,
  messages: Messages,
  live: Live,
  alert: Alert,
};

export function StepIllustration({ step }: { step: StepId }) {
  const Drawing = ILLUSTRATIONS[step];
  return (
    <div aria-hidden="true" className="mx-auto w-full max-w-md">
      <Drawing />
    </div>
  );
}
