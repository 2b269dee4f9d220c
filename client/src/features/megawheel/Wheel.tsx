// The synthetic studio of a mega wheel table: the wheel of the table's segments (drawn
// once, as SVG) under a pointer. While the server spins (state 6) it turns; when the
// result comes it slows down, without a jump in speed, and stops with the server's
// segment under the pointer, where it rests until the next spin. A result that comes
// without a visible spin (after a reconnect), or for players who ask for less motion,
// turns it there at once. The mega multiplier's number glows on every segment that bears
// it, and the hub shows it with its multiplier.
import { memo, useEffect, useEffectEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { wheelColour, wheelNumberOf } from '../../lib/table/money-wheel';
import { type Mega, landingProgress, landingRotation, segmentAt, stepOf } from './wheel';
import { motionReduced } from '../../lib/a11y/motion';

const SPIN_DEG_PER_MS = 0.3;
export const LAND_MS = 2200;
const LAND_FAST_MS = 400;

const R_OUT = 94;
const R_IN = 44;

export interface WheelProps {
  labels: readonly string[]; // the segments' numbers, clockwise from segment 0
  spinning: boolean; // the server spins (state 6)
  segment: number | null; // this round's segment, once drawn
  resultKey: string | null; // the round it belongs to
  mega: Mega | null;
  onLanded?: (key: string) => void;
}

export type Phase = 'idle' | 'spinning' | 'landing' | 'landed';

interface Motion {
  rotation: number; // degrees, clockwise
  spun: boolean; // the wheel was spinning when the result came
  lastT: number | null;
}

const point = (deg: number, r: number) => {
  const a = (deg * Math.PI) / 180;
  return `${(Math.sin(a) * r).toFixed(3)} ${(-Math.cos(a) * r).toFixed(3)}`;
};

/** The segments, drawn once per wheel. */
const Segments = memo(function Segments({
  labels,
  mega,
}: {
  labels: readonly string[];
  mega: number | null;
}) {
  const step = stepOf(labels.length);
  return (
    <>
      {labels.map((label, i) => {
        const a0 = i * step - step / 2;
        const a1 = a0 + step;
        const n = wheelNumberOf(label);
        const { fill, ink } = wheelColour(n);
        return (
          <g
            key={i}
            className={`mw-segment ${n !== null && n === mega ? 'mega' : ''}`}
            data-segment={i}
          >
            <path
              d={`M ${point(a0, R_OUT)} A ${R_OUT} ${R_OUT} 0 0 1 ${point(a1, R_OUT)} L ${point(a1, R_IN)} A ${R_IN} ${R_IN} 0 0 0 ${point(a0, R_IN)} Z`}
              fill={fill}
            />
            <text
              className="mw-segment-label"
              fill={ink}
              transform={`rotate(${i * step}) translate(0 ${-(R_OUT - 13)}) rotate(90)`}
              fontSize={label.length > 1 ? 8.5 : 10}
            >
              {label}
            </text>
          </g>
        );
      })}
    </>
  );
});

export function MegaWheel({ labels, spinning, segment, resultKey, mega, onLanded }: WheelProps) {
  const { t } = useTranslation();
  const rotor = useRef<SVGGElement>(null);
  const motion = useRef<Motion>({ rotation: 0, spun: false, lastT: null });
  // Where the wheel stopped, and for which round.
  const [stopped, setStopped] = useState<{ key: string; segment: number } | null>(null);
  const landedEvent = useEffectEvent((key: string) => onLanded?.(key));
  const count = labels.length;

  const phase: Phase =
    segment !== null && resultKey !== null
      ? stopped?.key === resultKey
        ? 'landed'
        : 'landing'
      : spinning
        ? 'spinning'
        : 'idle';

  // Turn the wheel while it spins, then land it on the server's segment.
  useEffect(() => {
    const m = motion.current;
    if (phase === 'idle') m.spun = false;
    if (phase !== 'spinning' && phase !== 'landing') return;
    const still = motionReduced();
    const turn = () => rotor.current?.setAttribute('transform', `rotate(${m.rotation})`);
    let frame = 0;
    let draw: (now: number) => void;
    if (phase === 'spinning') {
      m.spun = true;
      m.lastT = null;
      draw = (now) => {
        if (!still && m.lastT !== null) m.rotation += SPIN_DEG_PER_MS * (now - m.lastT);
        m.lastT = now;
        turn();
        frame = requestAnimationFrame(draw);
      };
    } else {
      const key = resultKey!;
      const fast = !m.spun || still;
      const ms = fast ? LAND_FAST_MS : LAND_MS;
      // Travel far enough that the landing starts at the speed the wheel spun at.
      const from = m.rotation;
      const to = landingRotation(from, segment!, count, fast ? 180 : (SPIN_DEG_PER_MS * ms) / 3);
      const v0 = fast ? 0 : (SPIN_DEG_PER_MS * ms) / (to - from);
      m.spun = false;
      let start: number | null = null;
      draw = (now) => {
        start ??= now;
        const p = Math.min(1, (now - start) / ms);
        m.rotation = from + (to - from) * landingProgress(p, v0);
        if (p >= 1) {
          m.rotation = to % 360;
          turn();
          setStopped({ key, segment: segmentAt(m.rotation, count) });
          landedEvent(key);
          return;
        }
        turn();
        frame = requestAnimationFrame(draw);
      };
    }
    frame = requestAnimationFrame(draw);
    return () => cancelAnimationFrame(frame);
  }, [phase, count, segment, resultKey]);

  const landed = phase === 'landed' ? stopped!.segment : null;
  const landedLabel = landed !== null ? labels[landed] : undefined;
  const megaColours = wheelColour(mega?.number ?? null);
  return (
    <svg
      className="mw-wheel"
      viewBox="-100 -104 200 208"
      role="img"
      aria-label={
        landedLabel !== undefined
          ? t('MEGAWHEEL_LANDED', { number: landedLabel })
          : t('MEGAWHEEL_WHEEL')
      }
      data-testid="wheel"
      data-phase={phase}
      data-segment={landed ?? undefined}
      data-landed={landedLabel}
    >
      <circle r={R_OUT + 5} className="mw-rim" />
      <g ref={rotor}>
        <Segments labels={labels} mega={mega?.number ?? null} />
      </g>
      <circle r={R_IN - 1} className="mw-hub" />
      {mega ? (
        <g
          className="mw-hub-mega"
          data-testid="wheel-mega"
          data-number={mega.number}
          data-x={mega.x}
        >
          <circle r={R_IN - 8} fill={megaColours.fill} stroke="#f5c542" strokeWidth={2.5} />
          <text className="mw-hub-number" y={-4} fill={megaColours.ink}>
            {mega.number}
          </text>
          <text className="mw-hub-x" y={16}>
            ×{mega.x}
          </text>
        </g>
      ) : (
        <circle r={R_IN - 14} className="mw-hub-cap" />
      )}
      <path className="mw-pointer" d="M -7 -104 L 7 -104 L 0 -88 Z" />
    </svg>
  );
}
