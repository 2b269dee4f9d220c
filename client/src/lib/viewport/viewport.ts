// The layout flags of SPEC §9 "Mini-viewport thresholds (application body)", computed from
// the window's size and whether the page runs in a frame. Pure: the watcher (watch.ts)
// measures and writes the result on <body>; styles.css and components read it.
//
//   orientation  portrait when height >= width, else landscape
//   mini         landscape: height < 316          portrait: height < 521
//   narrowMini   landscape: width < 693 and height < 336
//                portrait:  width < 376 and height < 628
//   third        landscape: height < 360          portrait: height < 656
//   speedDial    grouped when height < 360 (< 300 in a frame), or portrait and height < 620
//
// The speed-dial sentence is read literally: "(300 in a frame)" qualifies only the 360
// limit; the portrait limit of 620 holds in a frame as well.
import { type Orientation, orientationOf } from '../device/device';

export interface ViewportSize {
  width: number;
  height: number;
  /** In a frame: the launch parameter lobbyInFrame, or window.self !== window.top. */
  inFrame: boolean;
}

/**
 * The shape a table page takes: `tall`, a phone held upright (portrait, narrower than
 * 700 px): the studio on top, the betting area below; `flat`, a phone on its side
 * (landscape, lower than 500 px): the studio beside the betting area; `wide`, tablets
 * and desktops.
 */
export type TableShape = 'tall' | 'flat' | 'wide';

export const SHAPE_LIMITS = { tallWidth: 700, flatHeight: 500 } as const;

export interface Layout {
  orientation: Orientation;
  shape: TableShape;
  mini: boolean;
  narrowMini: boolean;
  third: boolean;
  speedDialGrouped: boolean;
}

export const THRESHOLDS = {
  mini: { landscape: 316, portrait: 521 },
  narrowMini: {
    landscape: { width: 693, height: 336 },
    portrait: { width: 376, height: 628 },
  },
  third: { landscape: 360, portrait: 656 },
  speedDial: { height: 360, framedHeight: 300, portraitHeight: 620 },
} as const;

export function computeLayout({ width, height, inFrame }: ViewportSize): Layout {
  const orientation: Orientation = orientationOf({ width, height });
  const narrow = THRESHOLDS.narrowMini[orientation];
  const dial = THRESHOLDS.speedDial;
  const shape: TableShape =
    orientation === 'portrait' && width < SHAPE_LIMITS.tallWidth
      ? 'tall'
      : orientation === 'landscape' && height < SHAPE_LIMITS.flatHeight
        ? 'flat'
        : 'wide';
  return {
    orientation,
    shape,
    mini: height < THRESHOLDS.mini[orientation],
    narrowMini: width < narrow.width && height < narrow.height,
    third: height < THRESHOLDS.third[orientation],
    speedDialGrouped:
      height < (inFrame ? dial.framedHeight : dial.height) ||
      (orientation === 'portrait' && height < dial.portraitHeight),
  };
}

/** The attributes <body> carries for a layout (values are strings, as in the DOM). */
export function layoutAttributes(layout: Layout): Record<string, string> {
  return {
    'data-orientation': layout.orientation,
    'data-shape': layout.shape,
    'data-layout-mini': String(layout.mini),
    'data-layout-narrow-mini': String(layout.narrowMini),
    'data-layout-third': String(layout.third),
    'data-speed-dial': layout.speedDialGrouped ? 'grouped' : 'open',
  };
}
