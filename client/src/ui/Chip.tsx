// A casino chip: three-tone SVG with its value as text (SPEC section 5 sizes).
import { chipColours, chipFontSize, chipText, FREE_CHIP_COLOUR } from '../lib/format/chips';
import type { Units } from '../lib/format/money';

export interface ChipProps {
  value: Units;
  index: number; // place among the table's chips, which picks the colours
  size: number; // pixels
  mobile?: boolean;
  free?: boolean;
}

export function Chip({ value, index, size, mobile = false, free = false }: ChipProps) {
  const [face, stripes, edge] = free
    ? [FREE_CHIP_COLOUR, '#f4f1ea', '#1a1200']
    : chipColours(index);
  const text = chipText(value);
  // Sizes are for a 100-unit chip; the SVG scales them with the chip.
  const font = chipFontSize(text, mobile);
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
      <text
        x="50"
        y="51"
        textAnchor="middle"
        dominantBaseline="central"
        fontSize={font * 0.78}
        fontWeight="700"
        fill={edge}
      >
        {text}
      </text>
    </svg>
  );
}
