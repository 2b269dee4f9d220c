// Device info (SPEC section 3): what the player is using, from the user agent (parsed by
// ua-parser-js, a maintained parser) plus the screen, and the orientation, which follows
// rotation.
import { UAParser } from 'ua-parser-js';

export type DeviceType = 'mobile' | 'tablet' | 'desktop' | 'unknown';
export type Orientation = 'portrait' | 'landscape';

export interface DeviceInfo {
  userAgent: string;
  os: string;
  browser: string;
  device: string;
  os_version: string;
  browser_version: string;
  deviceType: DeviceType;
  orientation: Orientation;
}

const DESKTOP_OS = [
  'Windows',
  'Mac OS',
  'macOS',
  'Linux',
  'Ubuntu',
  'Debian',
  'Fedora',
  'Chromium OS',
  'Chrome OS',
  'FreeBSD',
  'OpenBSD',
];

export interface Screen {
  width: number;
  height: number;
  maxTouchPoints?: number;
}

export function orientationOf(screen: Screen): Orientation {
  return screen.height >= screen.width ? 'portrait' : 'landscape';
}

export function detectDevice(userAgent: string, screen: Screen): DeviceInfo {
  const ua = new UAParser(userAgent).getResult();
  const os = ua.os.name ?? '';
  let deviceType: DeviceType;
  switch (ua.device.type) {
    case 'mobile':
      deviceType = 'mobile';
      break;
    case 'tablet':
      deviceType = 'tablet';
      break;
    case undefined:
      // iPadOS presents itself as a Mac; only its touch screen gives it away.
      if ((os === 'Mac OS' || os === 'macOS') && (screen.maxTouchPoints ?? 0) > 1)
        deviceType = 'tablet';
      else deviceType = DESKTOP_OS.includes(os) ? 'desktop' : 'unknown';
      break;
    default:
      deviceType = 'unknown'; // consoles, TVs, wearables
  }
  const device = [ua.device.vendor, ua.device.model].filter(Boolean).join(' ');
  return {
    userAgent,
    os,
    browser: ua.browser.name ?? '',
    device: device || (deviceType === 'desktop' ? 'Desktop' : ''),
    os_version: ua.os.version ?? '',
    browser_version: ua.browser.version ?? '',
    deviceType,
    orientation: orientationOf(screen),
  };
}

/**
 * How long a menu stays after an item is chosen (SPEC §9 "menu close time"): 10 ms on iOS
 * 15.4 and later, 300 ms elsewhere, so that the browser's late click of a tap does not
 * land on what lay under the menu (older mobile browsers send it up to 300 ms after).
 */
export function menuCloseMs(info: Pick<DeviceInfo, 'os' | 'os_version'>): number {
  if (info.os !== 'iOS') return 300;
  const [major = 0, minor = 0] = info.os_version.split('.').map(Number);
  return major > 15 || (major === 15 && minor >= 4) ? 10 : 300;
}

/** Mobile layouts: phones, and tablets held in portrait. */
export function isMobileLayout(info: DeviceInfo, viewport: Screen): boolean {
  return info.deviceType === 'mobile' || viewport.width < 700;
}

/** The game_mode suffix of SPEC section 7: desktop or mobile. */
export function modeSuffix(info: DeviceInfo): 'desktop' | 'mobile' {
  return info.deviceType === 'mobile' ? 'mobile' : 'desktop';
}

/** Calls `onChange` with the new orientation when the window rotates or resizes. */
export function watchOrientation(onChange: (o: Orientation) => void): () => void {
  let last = orientationOf({ width: window.innerWidth, height: window.innerHeight });
  const check = () => {
    const now = orientationOf({ width: window.innerWidth, height: window.innerHeight });
    if (now !== last) {
      last = now;
      onChange(now);
    }
  };
  window.addEventListener('resize', check);
  window.addEventListener('orientationchange', check);
  return () => {
    window.removeEventListener('resize', check);
    window.removeEventListener('orientationchange', check);
  };
}
