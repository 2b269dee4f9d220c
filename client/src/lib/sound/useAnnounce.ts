// The dealer's voice at a table: each game view calls the function this gives once its
// round has settled (the ball, the dice or the wheel landed; the cards' result came),
// with the round's id and what the dealer says of it (the game's `dealerLine`). It
// announces each round once, in the player's language or English (narrowed to the
// operator's voice_over_languages), and speaks only at the operator's voice_over_tables
// when it lists any; the subtitles show the words at every table.
import { useCallback, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';

import { casinoConfigOf } from '../host/casino-config';
import { useServices } from '../session';
import { useStore } from '../store';
import { type DealerLine, announce, speaksAt, voiceLanguage } from './sound';

export function useAnnounce(
  tableId: string,
  game: string,
): (round: string, line: DealerLine | null) => void {
  const { i18n } = useTranslation();
  const { session } = useServices();
  const raw = useStore(session, (s) => s.config?.casinoConfig ?? null);
  const casino = useMemo(() => casinoConfigOf(raw), [raw]);
  const said = useRef<string | null>(null);
  return useCallback(
    (round: string, line: DealerLine | null) => {
      // A round without an id cannot be told from the last one: it is announced.
      if (!line || (round !== '' && said.current === round)) return;
      said.current = round;
      announce(
        game,
        line.key,
        voiceLanguage(i18n.language, casino.voice_over_languages),
        line.words,
        speaksAt(tableId, casino.voice_over_tables),
      );
    },
    [game, tableId, i18n, casino],
  );
}
