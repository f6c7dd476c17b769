// The heart on a sitter (search cards, the public sitter page, /favorites). Parents toggle it;
// babysitters and admins have no favourites and see nothing. A signed-out visitor (and, before the
// session is known, the pre-rendered page) sees an empty heart: pressing it goes to /login, which
// brings them back here. The favourite is not added behind their back after sign-in: they see the
// page again with its real hearts and press it themselves.
import { clsx } from "clsx";
import { Heart } from "lucide-react";
import { useLocation, useNavigate } from "react-router-dom";
import { ApiError } from "@web/lib/api-client";
import { useFavouriteIds, useSetFavourite } from "@web/lib/favourites";
import { useTranslation } from "@web/lib/i18n";
import { notify } from "@web/lib/notify";
import { useSession } from "@web/lib/session";

export function FavouriteToggle({ babysitterId, babysitterName }: { babysitterId: string; babysitterName: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const session = useSession();
  const profile = session.data;
  const isParent = profile?.user_type === "parent";
  const ids = useFavouriteIds(isParent);
  const setFavourite = useSetFavourite();
  if (profile && !isParent) return null;

  const pressed = isParent && (ids.data?.includes(babysitterId) ?? false);
  /** Whether the heart's state is known yet: until then it is disabled, so a click is never lost. */
  const loading = session.isPending || (isParent && ids.isPending);
  const busy = loading || setFavourite.isPending;
  const goToLogin = () =>
    navigate("/login", { state: { from: `${location.pathname}${location.search}${location.hash}` } });

  const onClick = () => {
    if (busy) return; // one change at a time, so answers never arrive out of order
    if (!profile) {
      notify.info(t("favouriteToggle.signInFirst"));
      goToLogin();
      return;
    }
    setFavourite.mutate(
      { babysitterId, favourite: !pressed },
      { onError: (error) => error instanceof ApiError && error.status === 401 && goToLogin() },
    );
  };

  return (
    <button
      type="button"
      aria-pressed={pressed}
      aria-label={t("favouriteToggle.label", { name: babysitterName })}
      aria-busy={busy || undefined}
      disabled={loading}
      title={t(pressed ? "favouriteToggle.remove" : "favouriteToggle.add")}
      onClick={onClick}
      className={clsx(
        "inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-full border bg-white transition-colors",
        pressed ? "border-red-200 text-red-700 hover:bg-red-50" : "border-night-100 text-night-700 hover:bg-night-50",
      )}
    >
      <Heart aria-hidden="true" className={clsx("h-5 w-5", pressed && "fill-current")} />
    </button>
  );
}
