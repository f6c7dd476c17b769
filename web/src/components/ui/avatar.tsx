import { clsx } from "clsx";
import { getPlatform } from "@web/lib/platform";

const SIZES = { sm: "h-10 w-10", md: "h-16 w-16", lg: "h-28 w-28" } as const;

/** Photos are served by the API (/api/photos/...): the desktop app reaches them at its API origin. */
const photoSource = (url: string) => (url.startsWith("/") ? `${getPlatform().apiOrigin}${url}` : url);

/**
 * A person's photo, or the default avatar when there is none. The name is the image's text
 * alternative, so a card never repeats it for screen readers when `decorative`.
 */
export function Avatar({
  photoUrl,
  name,
  size = "md",
  decorative = false,
  className,
}: {
  photoUrl: string | null | undefined;
  name: string;
  size?: keyof typeof SIZES;
  decorative?: boolean;
  className?: string;
}) {
  const classes = clsx("shrink-0 rounded-full object-cover", SIZES[size], className);
  if (photoUrl) {
    return (
      <img
        src={photoSource(photoUrl)}
        alt={decorative ? "" : name}
        className={classes}
        loading="lazy"
        decoding="async"
      />
    );
  }
  return (
    <svg
      viewBox="0 0 64 64"
      className={clsx(classes, "bg-night-100 text-night-600")}
      role={decorative ? undefined : "img"}
      aria-hidden={decorative || undefined}
      aria-label={decorative ? undefined : name}
    >
      <circle cx="32" cy="24" r="12" fill="currentColor" />
      <path d="M10 58c2-12 11-18 22-18s20 6 22 18z" fill="currentColor" />
    </svg>
  );
}
