// A casino chip: three-tone SVG with its value as text (SPEC section 5 sizes). A free-bet
// chip (SPEC §3: colour code 322300) is drawn in that colour with light text and a gold
// rim, and may carry a word over its value (FREE).
import { chipColours, chipFontSize, chipText, FREE_CHIP_COLOUR } from '../lib/format/chips';
import type { Units } from '../lib/format/money';

export interface ChipProps {
  value: Units;
  index: number; // place among the table's chips, which picks the colours
  size: number; // pixels
  mobile?: boolean;
  free?: boolean;
  /** A word drawn small above the value (the free chip's FREE). */
  label?: string;
}

/** The free chip's rim and its text: light on 322300 (about 14:1). */
const FREE_RIM = '#e0b43a';
const FREE_TEXT = '#fff8e6';

export function Chip({ value, index, size, mobile = false, free = false, label }: ChipProps) {
  const [face, stripes, edge] = free ? [FREE_CHIP_COLOUR, FREE_RIM, '#1a1200'] : chipColours(index);
  const ink = free ? FREE_TEXT : edge;
  const text = chipText(value);
  // Sizes are for a 100-unit chip; the SVG scales them with the chip.
  const font = chipFontSize(text, mobile) * (label ? 0.85 : 1);
  // A long word is squeezed into the chip's centre (about 54 of its 100 units).
  const squeeze =
    label !== undefined && label.length > 5
      ? { textLength: 54, lengthAdjust: 'spacingAndGlyphs' }
      : {};
  return (
    <svg className="chip" width={size} height={size} viewBox="0 0 100 100" aria-hidden="true">
      <circle cx="50" cy="50" r="48" fill={edge} />
      <circle cx="50" cy="50" r="44" fill={face} />
      <circle
        cx="50"
        cy="50"
        r="44"
        fill="none"
        stroke={stripes}
        strokeWidth="9"
        strokeDasharray="14 14.6"
      />
      <circle cx="50" cy="50" r="31" fill={face} stroke={edge} strokeWidth="2" />
      {label && (
        <text
          x="50"
          y="36"
          textAnchor="middle"
          dominantBaseline="central"
          fontSize="14"
          fontWeight="700"
          fill={ink}
          {...squeeze}
        >
          {label}
        </text>
      )}
      <text
        x="50"
        y={label ? 58 : 51}
        textAnchor="middle"
        dominantBaseline="central"
        fontSize={font * 0.78}
        fontWeight="700"
        fill={ink}
      >
        {text}
      </text>
    </svg>
  );
}
