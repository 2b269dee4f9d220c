// The geometry of a wheel of equal segments under a pointer at the top (the money wheels:
// the mega wheel, the candy wheel and its Sweet Spins wheel): the rotation that puts a
// segment under the pointer, the segment under it at a rotation, and where and how a
// landing turns the wheel to the server's segment. Angles are degrees, clockwise. Segment 0
// is centred under the pointer when the wheel's rotation is 0, and segment s when the
// rotation is -s steps.

const mod = (a: number, n: number) => ((a % n) + n) % n;

export function stepOf(count: number): number {
  return 360 / count;
}

/** The rotation in [0, 360) that puts a segment's centre under the pointer. */
export function rotationFor(segment: number, count: number): number {
  return mod(-segment * stepOf(count), 360);
}

/** The segment under the pointer at a rotation. */
export function segmentAt(rotation: number, count: number): number {
  return mod(Math.round(-rotation / stepOf(count)), count);
}

/**
 * Where a spin that must travel at least `minTravel` degrees from `current` stops with
 * `segment` under the pointer: the first such rotation, turning clockwise.
 */
export function landingRotation(
  current: number,
  segment: number,
  count: number,
  minTravel: number,
): number {
  const from = current + minTravel;
  return from + mod(rotationFor(segment, count) - from, 360);
}

/**
 * The landing's progress (0-1) at time p (0-1): a cubic that starts at speed `v0` (in
 * units of the average speed; 0 to 3 keeps it moving forwards) and stops smoothly, so
 * that a wheel already spinning slows down without a jump.
 */
export function landingProgress(p: number, v0: number): number {
  const t = Math.min(1, Math.max(0, p));
  return v0 * t + (3 - 2 * v0) * t * t + (v0 - 2) * t * t * t;
}

/** A point on a circle of radius r at `deg` degrees clockwise from the top, as SVG "x y". */
export function polar(deg: number, r: number): string {
  const a = (deg * Math.PI) / 180;
  return `${(Math.sin(a) * r).toFixed(3)} ${(-Math.cos(a) * r).toFixed(3)}`;
}

/** The SVG path of segment i of `count` between the radii `inner` and `outer`. */
export function segmentPath(i: number, count: number, outer: number, inner: number): string {
  const step = stepOf(count);
  const a0 = i * step - step / 2;
  const a1 = a0 + step;
  return `M ${polar(a0, outer)} A ${outer} ${outer} 0 0 1 ${polar(a1, outer)} L ${polar(a1, inner)} A ${inner} ${inner} 0 0 0 ${polar(a0, inner)} Z`;
}
