import type { PlaceMap as PlaceMapData } from "../map";

/**
 * The server-projected map as inline SVG: no tiles, no requests. It is a
 * picture with a text alternative; the table beside it carries the content.
 */
export function PlaceMap({ map, title, description }: { map: PlaceMapData; title: string; description: string }) {
  // Names beside the dots when there are few; otherwise only the highlighted place's.
  const labelled = map.points.length <= 8 ? map.points : map.points.filter((p) => p.highlight);
  const dot = map.points.length > 150 ? 2.5 : 4;
  return (
    <figure className="place-map">
      <svg
        viewBox={`0 0 ${map.width} ${map.height}`}
        role="img"
        aria-labelledby="place-map-title place-map-desc"
        preserveAspectRatio="xMidYMid meet"
      >
        <title id="place-map-title">{title}</title>
        <desc id="place-map-desc">{description}</desc>
        <rect x="0" y="0" width={map.width} height={map.height} className="map-bg" />
        <g className="map-grid" aria-hidden="true">
          {map.meridians.map((m) => (
            <g key={`m${m.value}`}>
              <line x1={m.at} x2={m.at} y1={0} y2={map.height} />
              <text x={m.at + 3} y={map.height - 6}>
                {m.label}
              </text>
            </g>
          ))}
          {map.parallels.map((p) => (
            <g key={`p${p.value}`}>
              <line x1={0} x2={map.width} y1={p.at} y2={p.at} />
              <text x={4} y={p.at - 3}>
                {p.label}
              </text>
            </g>
          ))}
        </g>
        {map.circle && (
          <ellipse
            className="map-radius"
            cx={map.circle.cx}
            cy={map.circle.cy}
            rx={map.circle.rx}
            ry={map.circle.ry}
            aria-hidden="true"
          />
        )}
        <g className="map-points">
          {map.points.map((p) => (
            <circle
              key={p.id}
              cx={p.x}
              cy={p.y}
              r={p.highlight ? 6 : dot}
              className={p.highlight ? "map-point map-point-centre" : "map-point"}
            >
              <title>{p.label}</title>
            </circle>
          ))}
        </g>
        <g className="map-labels" aria-hidden="true">
          {labelled.map((p) => (
            <text key={p.id} x={p.x + 9} y={p.y + 4}>
              {p.label}
            </text>
          ))}
        </g>
      </svg>
      <figcaption>
        {description} Drawn from the coordinates alone (equirectangular projection); rivers, roads and borders are not
        shown.
      </figcaption>
    </figure>
  );
}
