// The settings that act on the whole page, applied as they change: animations
// (anim_enable, with the system's reduced-motion preference) on <html data-anim>, and
// auto full screen (auto_fullscreen: on a phone or tablet, the first touch asks the browser
// for full screen; a browser allows it only from a gesture, and never in a frame).
import { useEffect, useLayoutEffect } from 'react';

import { useSystemReducesMotion } from '../lib/a11y/motion';
import { useHost } from '../lib/host/context';
import { type SessionState, useServices } from '../lib/session';
import { settingOf } from '../lib/settings';
import { useStore } from '../lib/store';

/** "off" when the player or the system turns motion off. */
export function animationState(animEnable: boolean, systemReduces: boolean): 'on' | 'off' {
  return animEnable && !systemReduces ? 'on' : 'off';
}

export function useSettingsEffects(): void {
  const { session } = useServices();
  const host = useHost();
  const animEnable = useStore(session, (s: SessionState) =>
    settingOf(s.config?.playerConfig.settings, 'anim_enable'),
  );
  const fullscreen = useStore(session, (s: SessionState) =>
    settingOf(s.config?.playerConfig.settings, 'auto_fullscreen'),
  );
  const mobile = useStore(session, (s: SessionState) => s.mobile);
  const systemReduces = useSystemReducesMotion();
  const framed = host?.framed ?? false;

  // Before the browser paints, so that nothing starts to move when motion is off.
  useLayoutEffect(() => {
    document.documentElement.dataset.anim = animationState(animEnable, systemReduces);
  }, [animEnable, systemReduces]);

  useEffect(() => {
    if (!fullscreen || !mobile || framed || !document.fullscreenEnabled) return;
    const go = () => {
      if (!document.fullscreenElement)
        document.documentElement.requestFullscreen?.().catch(() => {
          /* refused: the page stays as it is */
        });
    };
    document.addEventListener('pointerup', go, { once: true });
    return () => document.removeEventListener('pointerup', go);
  }, [fullscreen, mobile, framed]);
}

/** Renders nothing: applies the page-wide settings (inside the services' provider). */
export function SettingsEffects(): null {
  useSettingsEffects();
  return null;
}
