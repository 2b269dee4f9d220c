// The app's sound, wired to the page: the deck (lib/sound) follows the volume settings
// and the host's MUTE at once, unlocks at the player's first touch, and plays the game's
// effects as the tables tell (bets closed; a round the player won). Chips sound where
// they are placed (lib/table/useBetting), the dealer's voice where each game's round
// settles (lib/sound/useAnnounce). The subtitles show the dealer's words when the
// operator offers them (subtitles_available) and the player turned them on
// (subtitle_config).
import { useEffect, useState } from 'react';

import { useHostUi } from '../lib/host/context';
import { casinoConfigOf } from '../lib/host/casino-config';
import { type SessionState, useServices } from '../lib/session';
import { settingOf, subtitlesEnabled } from '../lib/settings';
import { sounds, subtitle } from '../lib/sound/sound';
import { useStore } from '../lib/store';
import { units } from '../lib/format/money';

const SUBTITLE_MS = 4000;

export function Sound() {
  const { session, realtime } = useServices();
  // The host's MUTE, and the inactivity pause while the idle message shows.
  const hostMuted = useHostUi((u) => u.muted);
  const idle = useStore(session, (s) => s.popups.includes('idle'));
  const muted = hostMuted || idle;
  const settings = useStore(session, (s: SessionState) => s.config?.playerConfig.settings);
  const game_effects = settingOf(settings, 'game_effects');
  const bg_music = settingOf(settings, 'bg_music');
  const vo_music = settingOf(settings, 'vo_music');
  const dealer_voice = settingOf(settings, 'dealer_voice');

  useEffect(() => {
    sounds().apply({ volumes: { game_effects, bg_music, vo_music, dealer_voice }, muted });
  }, [game_effects, bg_music, vo_music, dealer_voice, muted]);

  useEffect(() => {
    const unlock = () => sounds().unlock();
    document.addEventListener('pointerdown', unlock, { once: true });
    document.addEventListener('keydown', unlock, { once: true });
    const off = [
      realtime.on('betsclosed', () => sounds().play('closed')),
      realtime.on('gameresult', (m) => {
        if (typeof m.net === 'string' && units(m.net) > 0) sounds().play('win');
      }),
    ];
    return () => {
      document.removeEventListener('pointerdown', unlock);
      document.removeEventListener('keydown', unlock);
      for (const f of off) f();
    };
  }, [realtime]);

  return <Subtitles />;
}

function Subtitles() {
  const { session } = useServices();
  const offered = useStore(
    session,
    (s: SessionState) => casinoConfigOf(s.config?.casinoConfig ?? null).subtitles_available,
  );
  const on = useStore(session, (s: SessionState) =>
    subtitlesEnabled(s.config?.playerConfig.settings.subtitle_config),
  );
  const line = useStore(subtitle, (s) => s);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!line.text) return;
    const timer = setTimeout(() => setNow(Date.now()), SUBTITLE_MS);
    return () => clearTimeout(timer);
  }, [line]);
  const shown = offered && on && line.text && now - line.at < SUBTITLE_MS;
  // Spoken results reach screen readers through the announcer; these are for the eye.
  return shown ? (
    <div className="subtitles" data-testid="subtitles" aria-hidden="true">
      {line.text}
    </div>
  ) : null;
}
