// 'Ma position' (browser geolocation gives the user's position in search): asks the browser, and on
// success hands the coordinates over, rounded to 3 decimals (about 100 m: enough for distances
// shown to a tenth of a kilometre, and a shared link does not pinpoint a home).
import { useCallback, useState } from "react";

export type PositionStatus = "idle" | "locating" | "denied" | "unavailable";
export type Coordinates = { lat: string; lng: string };

const POSITION_TIMEOUT_MS = 10_000;
/** A position the browser found in the last 10 minutes is good enough. */
const POSITION_MAX_AGE_MS = 600_000;

const round = (degrees: number) => degrees.toFixed(3);

export function usePosition(onFound: (coordinates: Coordinates) => void) {
  const [status, setStatus] = useState<PositionStatus>("idle");
  const locate = useCallback(() => {
    if (!("geolocation" in navigator)) {
      setStatus("unavailable");
      return;
    }
    setStatus("locating");
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        setStatus("idle");
        onFound({ lat: round(coords.latitude), lng: round(coords.longitude) });
      },
      (error) => setStatus(error.code === error.PERMISSION_DENIED ? "denied" : "unavailable"),
      { enableHighAccuracy: false, timeout: POSITION_TIMEOUT_MS, maximumAge: POSITION_MAX_AGE_MS },
    );
  }, [onFound]);
  return { status, locate };
}
