// The results on a real map (Leaflet through react-leaflet). This module is the map's own chunk:
// the page imports it with React.lazy only when the visitor switches to the map, so Leaflet and
// its stylesheet never weigh on the list or on the first load of the site.
// Pins are divIcons holding the hourly rate (no marker images to fetch), built as DOM nodes with
// textContent: a sitter's name never goes through HTML. Leaflet makes each pin a focusable button
// (Enter opens its popup). Tiles come from db/constants/map.ts, the setting the CSP allows; when
// they cannot load (offline, blocked), the pins stay usable and a note says so.
import "leaflet/dist/leaflet.css";
import { type DivIcon, divIcon, latLngBounds, type LeafletEvent, type Popup as LeafletPopup } from "leaflet";
import { LocateFixed } from "lucide-react";
import { type ReactNode, useEffect, useMemo, useRef, useState } from "react";
import { CircleMarker, MapContainer, Marker, Popup, TileLayer, useMap, ZoomControl } from "react-leaflet";
import { Link } from "react-router-dom";
import { MAP_DEFAULT_ZOOM, MAP_FIT_MAX_ZOOM, MAP_TILES } from "@db/constants/map";
import { MAP_CENTER_PARIS } from "@db/constants/search-filters";
import type { SearchCard, SearchResult } from "@db/validators/search";
import { Button } from "@web/components/ui/button";
import { formatEuros } from "@web/lib/format";
import { type TFunction, useTranslation } from "@web/lib/i18n";
import { formatRating, fullName } from "../display";
import { searchTexts } from "../texts";

type ResultsMapProps = {
  sitters: SearchCard[];
  origin: SearchResult["origin"] | undefined;
  loading: boolean;
  locating: boolean;
  onLocate: () => void;
};

/** Room around the framed pins; more at the top, where the position button and the notes sit. */
const FIT_PADDING = { paddingTopLeft: [48, 112] as [number, number], paddingBottomRight: [48, 48] as [number, number] };
const PARIS: [number, number] = [MAP_CENTER_PARIS.latitude, MAP_CENTER_PARIS.longitude];

export default function ResultsMap({ sitters, origin, loading, locating, onLocate }: ResultsMapProps) {
  const { t } = useTranslation(searchTexts);
  const [tilesFailed, setTilesFailed] = useState(false);
  const center: [number, number] = origin ? [origin.latitude, origin.longitude] : PARIS;
  return (
    <section
      aria-label={t("search.map.label")}
      aria-busy={loading || undefined}
      className="relative isolate h-[32rem] overflow-hidden rounded-2xl border border-night-100 bg-night-50"
    >
      <MapContainer center={center} zoom={MAP_DEFAULT_ZOOM} zoomControl={false} className="h-full w-full">
        <TileLayer
          url={MAP_TILES.url}
          attribution={MAP_TILES.attribution}
          maxZoom={MAP_TILES.maxZoom}
          {...(MAP_TILES.subdomains && { subdomains: [...MAP_TILES.subdomains] })}
          eventHandlers={{ tileerror: () => setTilesFailed(true) }}
        />
        <ZoomControl
          position="bottomright"
          zoomInTitle={t("search.map.zoomIn")}
          zoomOutTitle={t("search.map.zoomOut")}
        />
        {origin && (
          <CircleMarker
            center={[origin.latitude, origin.longitude]}
            radius={8}
            interactive={false}
            pathOptions={{ color: "#0b1326", weight: 3, fillColor: "#fbbf24", fillOpacity: 1 }}
          />
        )}
        {sitters.map((sitter) => (
          <SitterPin key={sitter.id} sitter={sitter} t={t} />
        ))}
        <FitToResults sitters={sitters} center={center} />
      </MapContainer>

      <div className="pointer-events-none absolute inset-x-3 top-3 z-[1000] flex flex-col items-start gap-2">
        <Button
          variant="secondary"
          size="sm"
          className="pointer-events-auto shadow-md"
          onClick={onLocate}
          loading={locating}
        >
          {!locating && <LocateFixed aria-hidden="true" className="h-4 w-4" />}
          {t("search.map.myPosition")}
        </Button>
        <div role="status" className="flex flex-col items-start gap-2">
          {tilesFailed && (
            <p className="pointer-events-auto rounded-lg bg-white/95 px-3 py-1.5 text-sm font-medium text-night-900 shadow">
              {t("search.map.tilesUnavailable")}
            </p>
          )}
          {!loading && sitters.length === 0 && (
            <p className="pointer-events-auto rounded-lg bg-white/95 px-3 py-1.5 text-sm text-night-900 shadow">
              {t("search.map.empty")}
            </p>
          )}
        </div>
      </div>
      {origin && (
        <p className="pointer-events-none absolute bottom-3 left-3 z-[1000] flex items-center gap-2 rounded-lg bg-white/95 px-2.5 py-1 text-xs text-night-900 shadow">
          <span
            aria-hidden="true"
            className="inline-block h-3 w-3 rounded-full border-2 border-night-900 bg-glow-400"
          />
          {t("search.map.origin")}
        </p>
      )}
    </section>
  );
}

function SitterPin({ sitter, t }: { sitter: SearchCard; t: TFunction }) {
  const name = fullName(sitter);
  const price = formatEuros(sitter.hourly_rate_cents);
  const icon = useMemo(() => pricePin(price, t("search.map.pin", { name, price })), [price, name, t]);
  return (
    <Marker
      position={[sitter.latitude, sitter.longitude]}
      icon={icon}
      riseOnHover
      eventHandlers={{ popupopen: (event) => preparePopup(event, t), popupclose: returnFocusToPin }}
    >
      <Popup>
        <p className="m-0 text-sm font-semibold text-night-900">{name}</p>
        <p className="m-0 text-sm text-slate-700">
          {t("search.card.rate", { price })}
          {sitter.total_reviews > 0 && ` · ★ ${formatRating(sitter.rating)}`}
        </p>
        <FocusedProfileLink to={`/babysitter/${encodeURIComponent(sitter.id)}`}>
          {t("search.card.viewProfile")}
        </FocusedProfileLink>
      </Popup>
    </Marker>
  );
}

/** Pins have one size (the longest rate, "12,50 €", fits), so each is anchored by its bottom centre. */
const PIN_SIZE: [number, number] = [64, 26];

/** The pin: the rate on a tag, its full description for screen readers (the marker is a button). */
function pricePin(price: string, description: string): DivIcon {
  const visible = document.createElement("span");
  visible.setAttribute("aria-hidden", "true");
  visible.textContent = price;
  const spoken = document.createElement("span");
  spoken.className = "sr-only";
  spoken.textContent = description;
  const content = document.createElement("span");
  content.className = "flex h-full w-full items-center justify-center";
  content.appendChild(visible);
  content.appendChild(spoken);
  return divIcon({
    html: content,
    className:
      "search-price-pin whitespace-nowrap rounded-full border-2 border-white bg-night-900 text-xs font-bold text-white shadow-md",
    iconSize: PIN_SIZE,
    iconAnchor: [PIN_SIZE[0] / 2, PIN_SIZE[1]],
    popupAnchor: [0, -PIN_SIZE[1]],
  });
}

/** The popup's close button speaks the page's language. */
function preparePopup(event: LeafletEvent & { popup?: LeafletPopup }, t: TFunction) {
  const element = event.popup?.getElement();
  element?.querySelector(".leaflet-popup-close-button")?.setAttribute("aria-label", t("search.map.closePopup"));
}

/**
 * The popup's profile link, which takes the focus as it appears (Enter then opens the profile). The
 * popup draws its content only while open, so appearing is opening; focusing on a later frame
 * instead could come before React had drawn the link.
 */
function FocusedProfileLink({ to, children }: { to: string; children: ReactNode }) {
  const link = useRef<HTMLAnchorElement>(null);
  useEffect(() => link.current?.focus({ preventScroll: true }), []);
  return (
    <Link ref={link} to={to} className="mt-1 inline-block py-1 text-sm font-semibold text-night-700 underline">
      {children}
    </Link>
  );
}

function returnFocusToPin(event: LeafletEvent) {
  const pin = (event.target as { getElement?: () => HTMLElement | undefined }).getElement?.();
  if (pin && pin.ownerDocument.activeElement === pin.ownerDocument.body) pin.focus({ preventScroll: true });
}

/** Frames the pins (or the origin when there is none) each time the results change. */
function FitToResults({ sitters, center }: { sitters: SearchCard[]; center: [number, number] }) {
  const map = useMap();
  const key = sitters.map((s) => s.id).join(",");
  const [lat, lng] = center;
  useEffect(() => {
    if (sitters.length === 0) {
      map.setView([lat, lng], MAP_DEFAULT_ZOOM);
      return;
    }
    const bounds = latLngBounds(sitters.map((s) => [s.latitude, s.longitude] as [number, number]));
    map.fitBounds(bounds, { ...FIT_PADDING, maxZoom: MAP_FIT_MAX_ZOOM });
    // Framing follows which sitters are shown, not each new array of the same ones.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, key, lat, lng]);
  return null;
}
