import { clsx } from "clsx";

export type ButtonVariant = "primary" | "secondary" | "ghost" | "outline-light" | "danger";
export type ButtonSize = "sm" | "md" | "lg";

const base =
  "inline-flex items-center justify-center gap-2 rounded-xl font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-60";

const variants: Record<ButtonVariant, string> = {
  primary: "bg-glow-400 text-night-950 hover:bg-glow-300 shadow-sm",
  secondary: "bg-night-900 text-white hover:bg-night-700",
  ghost: "text-night-900 hover:bg-night-100",
  "outline-light": "border border-white/60 text-white hover:bg-white/10",
  danger: "bg-red-700 text-white hover:bg-red-800",
};

const sizes: Record<ButtonSize, string> = {
  sm: "px-3 py-1.5 text-sm",
  md: "px-4 py-2.5 text-sm",
  lg: "px-6 py-3 text-base",
};

/** Shared by <Button> and router links that look like buttons. */
export const buttonClasses = (variant: ButtonVariant = "primary", size: ButtonSize = "md", extra?: string) =>
  clsx(base, variants[variant], sizes[size], extra);
