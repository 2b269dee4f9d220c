// A die: its face's pips as SVG, or a blank face while it is not known. Decoration: the
// text beside it, or its container's label, says what it shows.

const PIPS: Record<number, [number, number][]> = {
  1: [[50, 50]],
  2: [
    [28, 28],
    [72, 72],
  ],
  3: [
    [26, 26],
    [50, 50],
    [74, 74],
  ],
  4: [
    [28, 28],
    [72, 28],
    [28, 72],
    [72, 72],
  ],
  5: [
    [26, 26],
    [74, 26],
    [50, 50],
    [26, 74],
    [74, 74],
  ],
  6: [
    [28, 24],
    [72, 24],
    [28, 50],
    [72, 50],
    [28, 76],
    [72, 76],
  ],
};

export function Die({
  value,
  size,
  className = '',
}: {
  value: number | null; // 1-6; null: a blank face
  size: number | string; // pixels, or any CSS length
  className?: string;
}) {
  const pips = value === null ? [] : (PIPS[value] ?? []);
  return (
    <svg
      className={`die ${className}`}
      width={size}
      height={size}
      viewBox="0 0 100 100"
      aria-hidden="true"
      data-value={value ?? undefined}
    >
      <rect x="4" y="4" width="92" height="92" rx="18" className="die-face" />
      {pips.map(([x, y], i) => (
        <circle key={i} cx={x} cy={y} r="9.5" className="die-pip" />
      ))}
    </svg>
  );
}
