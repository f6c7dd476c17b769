// The cities as bubbles on the map (Leaflet through react-leaflet, as the search's map). This module
// is the map's own chunk: the Geography page imports it with React.lazy, so Leaflet and its
// stylesheet stay out of the console's other pages and of the first load.
// A bubble's size follows the chosen metric (20 to 80 px, by area), its colour how the city performs
// against the others (performance.ts). Bubbles are divIcons built as DOM nodes with textContent (a
// city's name never goes through HTML); Leaflet makes each a focusable button, so Enter on it opens
// the city's panel as a click does. When the tiles cannot load (offline, blocked), the bubbles stay
// usable and a note says so.
import "leaflet/dist/leaflet.css";
import { divIcon, latLngBounds } from "leaflet";
import { useEffect, useMemo, useState } from "react";
import { MapContainer, Marker, TileLayer, useMap, ZoomControl } from "react-leaflet";
import { MAP_TILES } from "@db/constants/map";
import type { CityStats, GeographyMetric } from "@db/validators/admin-geography";
import { useGeographyFormat } from "../format";
import { bubbleSize, metricValue, type Performance, PERFORMANCE_CLASSES, performances } from "./performance";

type CityMapProps = {
  cities: CityStats[];
  metric: GeographyMetric;
  onSelect: (city: CityStats) => void;
};

/** Metropolitan France, when there is no city to frame. */
const FRANCE: [number, number] = [46.6, 2.4];
const FRANCE_ZOOM = 5;
const FIT_MAX_ZOOM = 9;

export default function CityMap({ cities, metric, onSelect }: CityMapProps) {
  const format = useGeographyFormat();
  const { t } = format;
  const [tilesFailed, setTilesFailed] = useState(false);
  const colours = useMemo(() => performances(metric, cities), [metric, cities]);
  const largest = Math.max(0, ...cities.map((city) => metricValue(metric, city) ?? 0));
  return (
    <div className="flex flex-col gap-2">
      <div className="relative isolate h-[26rem] overflow-hidden rounded-2xl border border-night-100 bg-night-50">
        <MapContainer center={FRANCE} zoom={FRANCE_ZOOM} zoomControl={false} className="h-full w-full">
          <TileLayer
            url={MAP_TILES.url}
            attribution={MAP_TILES.attribution}
            maxZoom={MAP_TILES.maxZoom}
            {...(MAP_TILES.subdomains && { subdomains: [...MAP_TILES.subdomains] })}
            eventHandlers={{ tileerror: () => setTilesFailed(true) }}
          />
          <ZoomControl
            position="bottomright"
            zoomInTitle={t("adminGeography.map.zoomIn")}
            zoomOutTitle={t("adminGeography.map.zoomOut")}
          />
          {cities.map((city) => (
            <Bubble
              key={city.id}
              city={city}
              size={bubbleSize(metricValue(metric, city), largest)}
              performance={colours.get(city.id) ?? "none"}
              label={t("adminGeography.map.bubble", {
                city: city.name,
                value: format.metric(metric, city),
                metric: t(`adminGeography.metrics.${metric}`),
              })}
              onSelect={onSelect}
            />
          ))}
          <FitToCities cities={cities} />
        </MapContainer>
        <div
          role="status"
          className="pointer-events-none absolute inset-x-3 top-3 z-[1000] flex flex-col items-start gap-2"
        >
          {tilesFailed && (
            <p className="rounded-lg bg-white/95 px-3 py-1.5 text-sm font-medium text-night-900 shadow">
              {t("adminGeography.map.tilesUnavailable")}
            </p>
          )}
          {cities.length === 0 && (
            <p className="rounded-lg bg-white/95 px-3 py-1.5 text-sm text-night-900 shadow">
              {t("adminGeography.map.empty")}
            </p>
          )}
        </div>
      </div>
      <Legend metric={metric} />
    </div>
  );
}

type BubbleProps = {
  city: CityStats;
  size: number;
  performance: Performance;
  label: string;
  onSelect: (city: CityStats) => void;
};

function Bubble({ city, size, performance, label, onSelect }: BubbleProps) {
  const icon = useMemo(() => {
    const spoken = document.createElement("span");
    spoken.className = "sr-only";
    spoken.textContent = label;
    return divIcon({
      html: spoken,
      className: `geography-bubble rounded-full border-2 ${PERFORMANCE_CLASSES[performance]}`,
      iconSize: [size, size],
      iconAnchor: [size / 2, size / 2],
    });
  }, [label, size, performance]);
  return (
    <Marker
      position={[city.latitude, city.longitude]}
      icon={icon}
      title={label}
      riseOnHover
      // Smaller bubbles above larger ones, so none hides under a big city's.
      zIndexOffset={-size * 10}
      eventHandlers={{ click: () => onSelect(city) }}
    />
  );
}

function Legend({ metric }: { metric: GeographyMetric }) {
  const { t } = useGeographyFormat();
  const scale = metric === "growth" ? "growth" : "rank";
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-700">
      <span>{t("adminGeography.legend.size", { metric: t(`adminGeography.metrics.${metric}`) })}</span>
      <ul className="flex flex-wrap gap-x-4 gap-y-1" aria-label={t("adminGeography.legend.colours")}>
        {(["strong", "fair", "weak", "none"] as const).map((performance) => (
          <li key={performance} className="flex items-center gap-1.5">
            <span
              aria-hidden="true"
              className={`inline-block h-3 w-3 rounded-full border ${PERFORMANCE_CLASSES[performance]}`}
            />
            {t(`adminGeography.legend.${scale}.${performance}`)}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Frames the bubbles each time the set of cities changes. */
function FitToCities({ cities }: { cities: CityStats[] }) {
  const map = useMap();
  const key = cities.map((city) => city.id).join(",");
  useEffect(() => {
    if (cities.length === 0) {
      map.setView(FRANCE, FRANCE_ZOOM);
      return;
    }
    const bounds = latLngBounds(cities.map((city) => [city.latitude, city.longitude] as [number, number]));
    map.fitBounds(bounds, { padding: [48, 48], maxZoom: FIT_MAX_ZOOM });
    // Framing follows which cities are shown, not each new array of the same ones.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, key]);
  return null;
}
