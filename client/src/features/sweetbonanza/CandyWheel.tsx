// The synthetic studio's candy wheel: the table's 54 segments (drawn once, as SVG) under a
// pointer, each in its label's colour with its number or the bonus's short name. It turns
// while the server spins, lands on the show's first segment (or a plain result's), and
// after a Sugar Bomb spins again from rest to the re-spin's segment, the bomb's multiplier
// on the hub (lib/table/useWheelSpin). Also the Sweet Spins wheel: 20 multipliers spun
// once, landing on the bonus's value.
import { memo } from 'react';
import { useTranslation } from 'react-i18next';

import { candyColour } from '../../lib/table/candy-wheel';
import { useWheelSpin } from '../../lib/table/useWheelSpin';
import { segmentPath, stepOf } from '../../lib/table/wheel-geometry';
import { SPINS_WHEEL } from './candy';
import { labelName, labelShort } from './names';

const R_OUT = 94;
const R_IN = 40;

/** The segments, drawn once per wheel. */
const Segments = memo(function Segments({ labels }: { labels: readonly string[] }) {
  const { t } = useTranslation();
  const step = stepOf(labels.length);
  return (
    <>
      {labels.map((label, i) => {
        const { fill, ink } = candyColour(label);
        const text = labelShort(t, label);
        const long = text.length > 1;
        // Long words read along the radius, from the rim inwards, squeezed to fit.
        const room = R_OUT - R_IN - 10;
        const est = text.length * 4;
        return (
          <g key={i} className="sbz-segment" data-segment={i} data-label={label}>
            <path d={segmentPath(i, labels.length, R_OUT, R_IN)} fill={fill} />
            <text
              className="sbz-segment-label"
              fill={ink}
              transform={`rotate(${i * step}) translate(0 ${-(long ? (R_OUT + R_IN) / 2 + 2 : R_OUT - 12)}) rotate(90)`}
              fontSize={long ? 6.5 : 10}
              {...(long && est > room
                ? { textLength: room, lengthAdjust: 'spacingAndGlyphs' as const }
                : {})}
            >
              {text}
            </text>
          </g>
        );
      })}
    </>
  );
});

export interface CandyWheelProps {
  labels: readonly string[]; // clockwise from segment 0 (tableConfig.wheel)
  spinning: boolean; // the server spins (state 6, before the first landing)
  segment: number | null; // where it stops, once known
  landingKey: string | null; // which landing (the first, or a Sugar Bomb's re-spin)
  respin: boolean; // a re-spin from rest
  bomb: number | null; // a Sugar Bomb's multiplier, once revealed
  onLanded?: (key: string) => void;
}

export function CandyWheel({
  labels,
  spinning,
  segment,
  landingKey,
  respin,
  bomb,
  onLanded,
}: CandyWheelProps) {
  const { t } = useTranslation();
  const { rotor, phase, landed } = useWheelSpin<SVGGElement>({
    count: labels.length,
    spinning,
    segment,
    resultKey: landingKey,
    spinUp: respin,
    onLanded,
  });
  const landedLabel = landed !== null ? labels[landed] : undefined;
  return (
    <svg
      className="sbz-wheel"
      viewBox="-100 -104 200 208"
      role="img"
      aria-label={
        landedLabel !== undefined
          ? t('SBZ_LANDED', { label: labelName(t, landedLabel) })
          : t('SBZ_WHEEL')
      }
      data-testid="wheel"
      data-phase={phase}
      data-segment={landed ?? undefined}
      data-landed={landedLabel}
      data-key={landingKey ?? undefined}
    >
      <circle r={R_OUT + 5} className="sbz-rim" />
      <g ref={rotor}>
        <Segments labels={labels} />
      </g>
      <circle r={R_IN - 1} className="sbz-hub" />
      {bomb !== null ? (
        <g className="sbz-hub-bomb" data-testid="wheel-bomb" data-x={bomb}>
          <circle r={R_IN - 7} className="sbz-hub-bomb-disc" />
          <text className="sbz-hub-x" y={1}>
            ×{bomb}
          </text>
        </g>
      ) : (
        <circle r={R_IN - 12} className="sbz-hub-cap" />
      )}
      <path className="sbz-pointer" d="M -7 -104 L 7 -104 L 0 -88 Z" />
    </svg>
  );
}

const S_OUT = 60;
const S_IN = 18;

/** The Sweet Spins wheel: its 20 multipliers, landing on the segment given. */
export function SpinsWheel({
  segment,
  landingKey,
  onLanded,
}: {
  segment: number | null;
  landingKey: string | null;
  onLanded?: (key: string) => void;
}) {
  const { t } = useTranslation();
  const count = SPINS_WHEEL.length;
  const { rotor, phase, landed } = useWheelSpin<SVGGElement>({
    count,
    spinning: false,
    segment,
    resultKey: landingKey,
    spinUp: true,
    onLanded,
  });
  const step = stepOf(count);
  return (
    <svg
      className="sbz-spins-wheel"
      viewBox="-64 -68 128 134"
      role="img"
      aria-label={t('SBZ_SPINS_WHEEL')}
      data-testid="spins-wheel"
      data-phase={phase}
      data-segment={landed ?? undefined}
      data-landed={landed !== null ? SPINS_WHEEL[landed] : undefined}
    >
      <circle r={S_OUT + 3} className="sbz-rim" />
      <g ref={rotor}>
        {SPINS_WHEEL.map((x, i) => (
          <g key={i} className="sbz-spins-segment">
            <path
              d={segmentPath(i, count, S_OUT, S_IN)}
              fill={i % 2 === 0 ? '#ff7eb6' : '#7c3aed'}
            />
            <text
              className="sbz-segment-label"
              fill={i % 2 === 0 ? '#1b1b1b' : '#ffffff'}
              transform={`rotate(${i * step}) translate(0 ${-(S_OUT - 14)}) rotate(90)`}
              fontSize={8}
            >
              {x}
            </text>
          </g>
        ))}
      </g>
      <circle r={S_IN - 1} className="sbz-hub" />
      <path className="sbz-pointer" d="M -5 -68 L 5 -68 L 0 -56 Z" />
    </svg>
  );
}
