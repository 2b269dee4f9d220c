// The synthetic studio of a mega wheel table: the wheel of the table's segments (drawn
// once, as SVG) under a pointer. While the server spins (state 6) it turns; when the
// result comes it slows down, without a jump in speed, and stops with the server's
// segment under the pointer, where it rests until the next spin (lib/table/useWheelSpin:
// a result that comes without a visible spin, after a reconnect, or for players who ask
// for less motion, turns it there at once). The mega multiplier's number glows on every segment that bears
// it, and the hub shows it with its multiplier.
import { memo } from 'react';
import { useTranslation } from 'react-i18next';

import { wheelColour, wheelNumberOf } from '../../lib/table/money-wheel';
import { segmentPath, stepOf } from '../../lib/table/wheel-geometry';
import { useWheelSpin } from '../../lib/table/useWheelSpin';
import type { Mega } from './wheel';

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
        const n = wheelNumberOf(label);
        const { fill, ink } = wheelColour(n);
        return (
          <g
            key={i}
            className={`mw-segment ${n !== null && n === mega ? 'mega' : ''}`}
            data-segment={i}
          >
            <path d={segmentPath(i, labels.length, R_OUT, R_IN)} fill={fill} />
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
  const { rotor, phase, landed } = useWheelSpin<SVGGElement>({
    count: labels.length,
    spinning,
    segment,
    resultKey,
    onLanded,
  });
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
