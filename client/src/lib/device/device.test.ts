import { describe, expect, it } from 'vitest';

import { detectDevice, menuCloseMs, modeSuffix, orientationOf } from './device';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36';
const IPAD_OLD =
  'Mozilla/5.0 (iPad; CPU OS 16_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.0 Mobile/15E148 Safari/604.1';
const MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15';
const WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.0.0';
const LINUX_CHROMIUM =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';
const SMART_TV =
  'Mozilla/5.0 (SMART-TV; Linux; Tizen 6.0) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/4.0 Chrome/76.0.3809.146 TV Safari/537.36';

const portrait = { width: 390, height: 844 };
const landscape = { width: 1440, height: 900 };

describe('detectDevice', () => {
  it('maps phones to mobile', () => {
    const d = detectDevice(IPHONE, portrait);
    expect(d).toMatchObject({
      os: 'iOS',
      os_version: '17.4',
      browser: 'Mobile Safari',
      deviceType: 'mobile',
      orientation: 'portrait',
    });
    expect(d.device).toContain('iPhone');
    expect(detectDevice(ANDROID, portrait)).toMatchObject({
      os: 'Android',
      browser: 'Chrome',
      deviceType: 'mobile',
    });
  });

  it('maps tablets, including an iPad that calls itself a Mac', () => {
    expect(detectDevice(IPAD_OLD, { width: 1024, height: 768 }).deviceType).toBe('tablet');
    expect(detectDevice(MAC, { width: 1024, height: 1366, maxTouchPoints: 5 }).deviceType).toBe(
      'tablet',
    );
  });

  it('maps computers to desktop and the rest to unknown', () => {
    expect(detectDevice(MAC, landscape)).toMatchObject({
      deviceType: 'desktop',
      browser: 'Safari',
    });
    expect(detectDevice(WINDOWS, landscape)).toMatchObject({
      os: 'Windows',
      browser: 'Edge',
      deviceType: 'desktop',
    });
    expect(detectDevice(LINUX_CHROMIUM, landscape)).toMatchObject({
      os: 'Linux',
      deviceType: 'desktop',
      browser_version: '156.0.0.0',
    });
    expect(detectDevice(SMART_TV, landscape).deviceType).toBe('unknown');
    expect(detectDevice('', landscape).deviceType).toBe('unknown');
  });

  it('reports orientation and the game mode suffix', () => {
    expect(orientationOf({ width: 640, height: 360 })).toBe('landscape');
    expect(orientationOf({ width: 360, height: 640 })).toBe('portrait');
    expect(modeSuffix(detectDevice(IPHONE, portrait))).toBe('mobile');
    expect(modeSuffix(detectDevice(IPAD_OLD, portrait))).toBe('desktop');
  });

  it('closes a chosen menu after 10 ms on iOS 15.4 and later, 300 ms elsewhere (SPEC §9)', () => {
    expect(menuCloseMs({ os: 'iOS', os_version: '15.4' })).toBe(10);
    expect(menuCloseMs({ os: 'iOS', os_version: '17.1.2' })).toBe(10);
    expect(menuCloseMs({ os: 'iOS', os_version: '15.3.1' })).toBe(300);
    expect(menuCloseMs({ os: 'iOS', os_version: '14.8' })).toBe(300);
    expect(menuCloseMs({ os: 'iOS', os_version: '' })).toBe(300);
    expect(menuCloseMs({ os: 'Android', os_version: '16' })).toBe(300);
  });
});
