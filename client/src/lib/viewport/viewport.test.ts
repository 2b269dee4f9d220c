import { afterEach, describe, expect, it } from 'vitest';

import { computeLayout, layoutAttributes } from './viewport';
import { layoutStore, startViewportWatcher } from './watch';

const at = (width: number, height: number, inFrame = false) =>
  computeLayout({ width, height, inFrame });

describe('orientation', () => {
  it('is portrait when the height is at least the width', () => {
    expect(at(400, 400).orientation).toBe('portrait');
    expect(at(401, 400).orientation).toBe('landscape');
    expect(at(360, 640).orientation).toBe('portrait');
  });
});

describe('mini', () => {
  it('landscape: height under 316', () => {
    expect(at(1000, 315).mini).toBe(true);
    expect(at(1000, 316).mini).toBe(false);
  });
  it('portrait: height under 521', () => {
    expect(at(300, 520).mini).toBe(true);
    expect(at(300, 521).mini).toBe(false);
  });
});

describe('narrow mini', () => {
  it('landscape: width under 693 and height under 336', () => {
    expect(at(692, 335).narrowMini).toBe(true);
    expect(at(693, 335).narrowMini).toBe(false);
    expect(at(692, 336).narrowMini).toBe(false);
  });
  it('portrait: width under 376 and height under 628', () => {
    expect(at(375, 627).narrowMini).toBe(true);
    expect(at(376, 627).narrowMini).toBe(false);
    expect(at(375, 628).narrowMini).toBe(false);
  });
});

describe('third level', () => {
  it('landscape: height under 360', () => {
    expect(at(1000, 359).third).toBe(true);
    expect(at(1000, 360).third).toBe(false);
  });
  it('portrait: height under 656', () => {
    expect(at(400, 655).third).toBe(true);
    expect(at(400, 656).third).toBe(false);
  });
});

describe('speed dial', () => {
  it('groups under 360 high, not in a frame', () => {
    expect(at(1000, 359).speedDialGrouped).toBe(true);
    expect(at(1000, 360).speedDialGrouped).toBe(false);
  });
  it('groups under 300 high in a frame', () => {
    expect(at(1000, 299, true).speedDialGrouped).toBe(true);
    expect(at(1000, 300, true).speedDialGrouped).toBe(false);
    expect(at(1000, 359, true).speedDialGrouped).toBe(false); // the frame's limit is lower
  });
  it('groups under 620 in portrait, framed or not', () => {
    expect(at(400, 619).speedDialGrouped).toBe(true);
    expect(at(400, 620).speedDialGrouped).toBe(false);
    expect(at(400, 619, true).speedDialGrouped).toBe(true);
    expect(at(400, 620, true).speedDialGrouped).toBe(false);
    // 619 high but landscape: only the 360 rule applies
    expect(at(1000, 619).speedDialGrouped).toBe(false);
  });
});

describe('a phone', () => {
  it('360x640 portrait is third level only; 640x360 landscape is open and not third', () => {
    expect(at(360, 640)).toEqual({
      orientation: 'portrait',
      shape: 'tall',
      mini: false,
      narrowMini: false,
      third: true,
      speedDialGrouped: false,
    });
    expect(at(640, 360)).toEqual({
      orientation: 'landscape',
      shape: 'flat',
      mini: false,
      narrowMini: false,
      third: false,
      speedDialGrouped: false,
    });
    expect(layoutAttributes(at(640, 300))).toEqual({
      'data-orientation': 'landscape',
      'data-shape': 'flat',
      'data-layout-mini': 'true',
      'data-layout-narrow-mini': 'true',
      'data-layout-third': 'true',
      'data-speed-dial': 'grouped',
    });
  });
});

describe('the shape of a table page', () => {
  it('is tall on upright phones, flat on phones on their side, wide elsewhere', () => {
    expect(at(360, 640).shape).toBe('tall');
    expect(at(390, 844).shape).toBe('tall');
    expect(at(699, 1000).shape).toBe('tall');
    expect(at(768, 1024).shape).toBe('wide');
    expect(at(640, 360).shape).toBe('flat');
    expect(at(844, 390).shape).toBe('flat');
    expect(at(1000, 499).shape).toBe('flat');
    expect(at(1366, 768).shape).toBe('wide');
    expect(at(1024, 500).shape).toBe('wide');
  });
});

describe('the watcher', () => {
  let stop: (() => void) | undefined;
  afterEach(() => stop?.());

  function resize(width: number, height: number) {
    Object.assign(window, { innerWidth: width, innerHeight: height });
    window.dispatchEvent(new Event('resize'));
  }

  it('writes the flags on <body> and follows resizes and rotation', () => {
    resize(1280, 800);
    stop = startViewportWatcher();
    const body = document.body;
    expect(body.dataset.orientation).toBe('landscape');
    expect(body.dataset.layoutMini).toBe('false');
    expect(body.dataset.speedDial).toBe('open');
    resize(800, 300);
    expect(body.dataset.layoutMini).toBe('true');
    expect(body.dataset.layoutThird).toBe('true');
    expect(body.dataset.speedDial).toBe('grouped');
    expect(layoutStore.get()?.mini).toBe(true);
    Object.assign(window, { innerWidth: 360, innerHeight: 640 });
    window.dispatchEvent(new Event('orientationchange'));
    expect(body.dataset.orientation).toBe('portrait');
    expect(body.dataset.layoutMini).toBe('false');
    expect(body.dataset.layoutNarrowMini).toBe('false');
    expect(body.dataset.layoutThird).toBe('true');
    stop();
    resize(800, 300);
    expect(body.dataset.orientation).toBe('portrait'); // stopped: no longer follows
  });

  it('uses the framed limit when launched with lobbyInFrame', () => {
    resize(1000, 320);
    stop = startViewportWatcher({ lobbyInFrame: true });
    expect(document.body.dataset.speedDial).toBe('open');
    stop();
    stop = startViewportWatcher({ lobbyInFrame: false });
    expect(document.body.dataset.speedDial).toBe('grouped');
  });
});
