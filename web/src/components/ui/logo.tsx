import { clsx } from "clsx";
import { Link } from "react-router-dom";

/** The night-light mark + wordmark; always a link home. */
export function Logo({ tone = "dark", className }: { tone?: "dark" | "light"; className?: string }) {
  return (
    <Link
      to="/"
      className={clsx(
        "inline-flex items-center gap-2 text-xl font-bold tracking-tight",
        tone === "dark" ? "text-night-900" : "text-white",
        className,
      )}
    >
      <svg aria-hidden="true" viewBox="0 0 32 32" className="h-8 w-8">
        <circle cx="16" cy="16" r="15" fill="#0b1326" />
        <circle cx="16" cy="16" r="8" fill="#fbbf24" />
        <circle cx="16" cy="16" r="12" fill="none" stroke="#fbbf24" strokeOpacity="0.35" strokeWidth="2" />
      </svg>
      Veilleuse
    </Link>
  );
}
