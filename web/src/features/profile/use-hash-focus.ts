// A link to a field of this page (/profile#bio, /profile?tab=babysitter#hourly-rate: the dashboard's
// profile checklist) brings it into view with the focus in it, once its form has rendered.
import { useEffect } from "react";
import { useLocation } from "react-router-dom";

export function useHashFocus() {
  const { hash } = useLocation();
  useEffect(() => {
    if (!hash) return;
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    if (!target) return;
    target.scrollIntoView({ block: "center" });
    target.focus({ preventScroll: true });
  }, [hash]);
}
