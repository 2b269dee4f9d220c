import { describe, expect, it } from 'vitest';

import { FRAME_MS, paintDue } from './Studio';

describe('the drawn studio paints at 30 frames a second', () => {
  it('paints the first frame at once', () => {
    expect(paintDue(1000, null)).toBe(true);
  });

  it('paints every other frame of a 60 Hz screen and every fourth of a 120 Hz one', () => {
    const paintedAt = (screenHz: number): number => {
      let last: number | null = null;
      let painted = 0;
      for (let i = 0; i < screenHz; i++) {
        const now = (i * 1000) / screenHz;
        if (paintDue(now, last)) {
          last = now;
          painted++;
        }
      }
      return painted;
    };
    expect(paintedAt(60)).toBe(30);
    expect(paintedAt(120)).toBe(30);
    expect(paintedAt(30)).toBe(30); // a slow screen: every frame
  });

  it('does not paint again within a studio frame', () => {
    expect(paintDue(1000 + FRAME_MS / 2, 1000)).toBe(false);
  });
});
