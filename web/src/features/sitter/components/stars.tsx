import { Star } from "lucide-react";

const STARS = [1, 2, 3, 4, 5] as const;

/** Five stars filled up to `rating` (rounded to the nearest half-star is not worth the noise). */
export function Stars({ rating, label }: { rating: number; label: string }) {
  const filled = Math.round(rating);
  return (
    <span role="img" aria-label={label} className="inline-flex items-center gap-0.5">
      {STARS.map((star) => (
        <Star
          key={star}
          aria-hidden="true"
          className={star <= filled ? "h-4 w-4 fill-glow-500 text-glow-800" : "h-4 w-4 text-slate-400"}
        />
      ))}
    </span>
  );
}
