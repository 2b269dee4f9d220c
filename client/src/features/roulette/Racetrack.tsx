// The racetrack: the wheel's pockets in wheel order round a stadium, for bets by the wheel.
// A pocket places it and its neighbours (the chosen count either side) straight up; on a
// European table the inner sections place the French announced bets (tiers, orphelins,
// voisins du zéro, jeu zéro). Pointing at or focusing a target lights the pockets the bet
// would cover. Every target is a keyboard-reachable button with a spoken name; the SVG
// scales to its container (about 20 px a pocket on a 360 px phone).
import { type KeyboardEvent, memo, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { SheetClose } from '../../ui/SheetClose';
import {
  type AnnouncedBet,
  type AnnouncedBetId,
  type AnnouncedLine,
  MAX_NEIGHBOURS,
  announcedBetsFor,
  clampNeighbours,
  coveredPockets,
  neighbourPockets,
  neighbours as neighbourLines,
  sectorOf,
} from './racetrack';
import { type WheelVariant, pocketColour, pocketLabel, wheelOf } from './wheel';

export interface RacetrackProps {
  variant: WheelVariant;
  /** Closes the panel (a sheet on phones has its own close button). */
  onClose?: () => void;
  /** Pockets either side of the chosen one (0-9). */
  neighbours: number;
  onNeighboursChange: (n: number) => void;
  /** Bets are open: targets look live. Like the grid, a closed table still reports clicks. */
  open: boolean;
  /** A bet chosen on the track: its lines (chips of the selected chip) and its spoken name. */
  onPlace: (lines: AnnouncedLine[], label: string) => void;
}

// ---- Geometry, in pocket widths --------------------------------------------------------
// The pockets sit on a band round a stadium: two straights joined by half circles. A point
// on the band's centre line is given by its distance s along it, clockwise (y grows
// downwards) from the left end of the top straight. Zero is centred on the right end.

const R = 1.75; // radius of the ends' centre line
const BAND = 1.2; // width of the band
const MARGIN = 0.1;
const STEP = 0.2; // sampling of curved edges

const FILL = { green: '#1f8f4e', red: '#c8262b', black: '#16181d' } as const;

interface Point {
  x: number;
  y: number;
}

interface Shape {
  points: string;
  centre: Point;
}

interface Geometry {
  view: string;
  pockets: { pocket: number; shape: Shape }[];
  sections: { bet: AnnouncedBet; shape: Shape }[];
  inner: string;
}

function makeTrack(count: number) {
  const straight = (count - 2 * Math.PI * R) / 2;
  const arc = Math.PI * R;
  const zeroAt = straight + arc / 2;
  /** The point at distance s along the centre line, moved `offset` outwards. */
  const at = (s: number, offset = 0): Point => {
    let d = ((s % count) + count) % count;
    let p: Point;
    let n: Point;
    if (d < straight) {
      p = { x: -straight / 2 + d, y: -R };
      n = { x: 0, y: -1 };
    } else if ((d -= straight) < arc) {
      const a = -Math.PI / 2 + d / R;
      n = { x: Math.cos(a), y: Math.sin(a) };
      p = { x: straight / 2 + R * n.x, y: R * n.y };
    } else if ((d -= arc) < straight) {
      p = { x: straight / 2 - d, y: R };
      n = { x: 0, y: 1 };
    } else {
      const a = Math.PI / 2 + (d - straight) / R;
      n = { x: Math.cos(a), y: Math.sin(a) };
      p = { x: -straight / 2 + R * n.x, y: R * n.y };
    }
    return { x: p.x + n.x * offset, y: p.y + n.y * offset };
  };
  /** Points along the edge at `offset` from s = from to s = to. */
  const edge = (from: number, to: number, offset: number): Point[] => {
    const steps = Math.max(1, Math.ceil((to - from) / STEP));
    return Array.from({ length: steps + 1 }, (_, i) =>
      at(from + ((to - from) * i) / steps, offset),
    );
  };
  return { straight, zeroAt, at, edge };
}

const round = (v: number) => Math.round(v * 1000) / 1000;

function shapeOf(points: Point[], centre?: Point): Shape {
  // Centre of the area (shoelace), unless given.
  let c = centre;
  if (!c) {
    let a = 0;
    let cx = 0;
    let cy = 0;
    points.forEach((p, i) => {
      const q = points[(i + 1) % points.length]!;
      const cross = p.x * q.y - q.x * p.y;
      a += cross;
      cx += (p.x + q.x) * cross;
      cy += (p.y + q.y) * cross;
    });
    c = { x: cx / (3 * a), y: cy / (3 * a) };
  }
  return { points: points.map((p) => `${round(p.x)},${round(p.y)}`).join(' '), centre: c };
}

function buildGeometry(variant: WheelVariant): Geometry {
  const wheel = wheelOf(variant);
  const count = wheel.length;
  const track = makeTrack(count);
  const centreOf = (k: number) => track.zeroAt + k;
  const pockets = wheel.map((pocket, k) => {
    const from = centreOf(k) - 0.5;
    const to = centreOf(k) + 0.5;
    const outer = track.edge(from, to, BAND / 2);
    const inner = track.edge(from, to, -BAND / 2).reverse();
    return { pocket, shape: shapeOf([...outer, ...inner], track.at(centreOf(k))) };
  });

  // Each section: the runs of consecutive pockets (round the wheel) drawn in it, joined
  // along the band's inner edge and across the middle.
  const sectors = wheel.map(sectorOf);
  const first = sectors.findIndex((s, k) => s !== sectors[(k + count - 1) % count]);
  const runs = new Map<AnnouncedBetId, [number, number][]>();
  for (let i = 0; i < count && first >= 0; i++) {
    const k = first + i;
    const id = sectors[k % count];
    if (!id) continue;
    const list = runs.get(id) ?? [];
    const last = list[list.length - 1];
    if (last && last[1] === k - 1) last[1] = k;
    else list.push([k, k]);
    runs.set(id, list);
  }
  const sections = announcedBetsFor(variant).map((bet) => {
    const points = (runs.get(bet.id) ?? []).flatMap(([a, b]) =>
      track.edge(centreOf(a) - 0.5, centreOf(b) + 0.5, -BAND / 2),
    );
    return { bet, shape: shapeOf(points) };
  });

  const inner = track.edge(0, count, -BAND / 2);
  const half = { x: track.straight / 2 + R + BAND / 2 + MARGIN, y: R + BAND / 2 + MARGIN };
  return {
    view: `${round(-half.x)} ${round(-half.y)} ${round(2 * half.x)} ${round(2 * half.y)}`,
    pockets,
    sections,
    inner: shapeOf(inner, { x: 0, y: 0 }).points,
  };
}

const geometries = new Map<WheelVariant, Geometry>();
function geometryOf(variant: WheelVariant): Geometry {
  let g = geometries.get(variant);
  if (!g) geometries.set(variant, (g = buildGeometry(variant)));
  return g;
}

// ---- The component ---------------------------------------------------------------------

/** What the pointer or focus is on: `p<pocket>` or `s<section>`. */
type Target = `p${number}` | `s${AnnouncedBetId}`;

const SECTION_NAMES = {
  tiers: ['RACETRACK_TIERS', 'RACETRACK_TIERS_SHORT'],
  orphelins: ['RACETRACK_ORPHELINS', 'RACETRACK_ORPHELINS_SHORT'],
  voisins: ['RACETRACK_VOISINS', 'RACETRACK_VOISINS_SHORT'],
  zero: ['RACETRACK_ZERO', 'RACETRACK_ZERO_SHORT'],
} as const;

const activate = (place: () => void) => ({
  onClick: place,
  onKeyDown: (e: KeyboardEvent) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      place();
    }
  },
});

export const Racetrack = memo(function Racetrack(props: RacetrackProps) {
  const { variant, open, onPlace, onNeighboursChange } = props;
  const n = clampNeighbours(props.neighbours);
  const { t } = useTranslation();
  const id = useId();
  const geometry = geometryOf(variant);
  const wheel = wheelOf(variant);
  const [target, setTarget] = useState<Target | null>(null);

  const lit = useMemo(() => {
    if (!target) return new Set<number>();
    if (target.startsWith('p')) return new Set(neighbourPockets(Number(target.slice(1)), n, wheel));
    const bet = announcedBetsFor(variant).find((b) => `s${b.id}` === target);
    return new Set(bet ? coveredPockets(bet.lines) : []);
  }, [target, n, wheel, variant]);

  const pocketName = (pocket: number) =>
    n === 0
      ? t('RACETRACK_STRAIGHT_UP', { number: pocketLabel(pocket) })
      : t('RACETRACK_NEIGHBOURS_OF', { number: pocketLabel(pocket), n });

  const hover = (next: Target) => ({
    onPointerEnter: () => setTarget(next),
    onPointerLeave: () => setTarget((cur) => (cur === next ? null : cur)),
    onFocus: () => setTarget(next),
    onBlur: () => setTarget((cur) => (cur === next ? null : cur)),
  });

  return (
    <div className={`racetrack ${open ? 'open' : 'closed'}`} data-testid="racetrack">
      {props.onClose && <SheetClose panel={t('RACETRACK_TITLE')} onClose={props.onClose} />}
      <svg
        className="racetrack-svg"
        viewBox={geometry.view}
        role="group"
        aria-label={t('RACETRACK_TITLE')}
      >
        <polygon className="rt-inner" points={geometry.inner} />
        {geometry.sections.map(({ bet, shape }) => {
          const [name, short] = SECTION_NAMES[bet.id];
          const label = t(name);
          const next: Target = `s${bet.id}`;
          const active = target === next;
          return (
            <g key={bet.id}>
              <polygon
                className={`rt-section rt-section-${bet.id} ${active ? 'lit' : ''}`}
                points={shape.points}
                role="button"
                tabIndex={0}
                aria-label={label}
                aria-disabled={!open}
                data-section={bet.id}
                {...hover(next)}
                {...activate(() =>
                  onPlace(
                    bet.lines.map((l) => ({ ...l })),
                    label,
                  ),
                )}
              >
                <title>{label}</title>
              </polygon>
              <text
                className="rt-section-label"
                x={round(shape.centre.x)}
                y={round(shape.centre.y)}
                fontSize={0.5}
                pointerEvents="none"
              >
                {t(short)}
              </text>
            </g>
          );
        })}
        {geometry.pockets.map(({ pocket, shape }) => {
          const label = pocketName(pocket);
          const next: Target = `p${pocket}`;
          return (
            <g key={pocket}>
              <polygon
                className="rt-pocket"
                points={shape.points}
                fill={FILL[pocketColour(pocket)]}
                role="button"
                tabIndex={0}
                aria-label={label}
                aria-disabled={!open}
                data-pocket={pocketLabel(pocket)}
                {...hover(next)}
                {...activate(() => onPlace(neighbourLines(pocket, n, wheel), label))}
              >
                <title>{label}</title>
              </polygon>
              <text
                className="rt-pocket-label"
                x={round(shape.centre.x)}
                y={round(shape.centre.y)}
                fontSize={0.5}
                pointerEvents="none"
              >
                {pocketLabel(pocket)}
              </text>
            </g>
          );
        })}
        <g className="rt-lit-layer" pointerEvents="none" aria-hidden="true">
          {geometry.pockets
            .filter(({ pocket }) => lit.has(pocket))
            .map(({ pocket, shape }) => (
              <polygon
                key={pocket}
                className="rt-lit"
                data-lit={pocketLabel(pocket)}
                points={shape.points}
              />
            ))}
        </g>
      </svg>
      <div className="racetrack-neighbours">
        <label htmlFor={id}>{t('RACETRACK_NEIGHBOURS')}</label>
        <input
          id={id}
          type="range"
          min={0}
          max={MAX_NEIGHBOURS}
          step={1}
          value={n}
          onChange={(e) => onNeighboursChange(Number(e.target.value))}
        />
        <span className="racetrack-neighbours-value" aria-hidden="true">
          {n}
        </span>
      </div>
    </div>
  );
});
