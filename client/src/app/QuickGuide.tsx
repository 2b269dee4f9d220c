// The quick guide at a table: a few steps (the chips, the countdown, the bet buttons, how
// the game is won, where the rules are), shown by itself the first times a player comes
// to a game (lib/guide) and from the table's help. "Don't show again" turns the
// show_quick_guide setting off; the settings dialog turns it back on.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import {
  type TableGame,
  closeGuide,
  guideCounts,
  guideDue,
  guideStore,
  isTableGame,
  openGuide,
} from '../lib/guide';
import { useServices } from '../lib/session';
import { useSetting } from '../lib/settings';
import { useStore } from '../lib/store';
import { Popup } from '../ui/Popup';

/** The steps' words: [title, text] keys, the game's own in the middle. */
function steps(game: TableGame): [string, string][] {
  const goal =
    game === 'onebj' ? 'blackjack' : ['spaceman', 'bigbass'].includes(game) ? 'crash' : game;
  return [
    ['GUIDE_CHIPS_TITLE', 'GUIDE_CHIPS_TEXT'],
    ['GUIDE_TIMER_TITLE', 'GUIDE_TIMER_TEXT'],
    ['GUIDE_GOAL_TITLE', `GUIDE_GOAL_${goal}`],
    ['GUIDE_BUTTONS_TITLE', 'GUIDE_BUTTONS_TEXT'],
    ['GUIDE_HELP_TITLE', 'GUIDE_HELP_TEXT'],
  ];
}

export function QuickGuide({ game, ready }: { game: string; ready: boolean }) {
  const { t } = useTranslation();
  const { session, saveSetting } = useServices();
  const [enabled, setEnabled] = useSetting('show_quick_guide');
  const saved = useStore(session, (s) => s.config?.playerConfig.settings.quick_guide_counts);
  const open = useStore(guideStore, (g) => g.open);
  const offered = useStore(session, (s) => s.config?.casinoConfig.quick_guide_disabled !== true);
  const [step, setStep] = useState(0);
  const shownFor = useRef<string | null>(null);

  // By itself, once per visit to a game's table, while the player has seen it fewer
  // than GUIDE_SHOWS times there.
  useEffect(() => {
    if (!ready || !offered || shownFor.current === game || !guideDue(game, enabled, saved)) return;
    shownFor.current = game;
    const counts = guideCounts(saved);
    setStep(0);
    openGuide();
    void saveSetting('quick_guide_counts', { ...counts, [game]: (counts[game] ?? 0) + 1 }).catch(
      () => {
        /* shown; the count waits for the next save */
      },
    );
  }, [ready, offered, game, enabled, saved, saveSetting]);

  // Leaving the table closes it.
  useEffect(() => closeGuide, [game]);

  if (!open || !offered || !isTableGame(game)) return null;
  const all = steps(game);
  const at = Math.min(step, all.length - 1);
  const [title, text] = all[at]!;
  const last = at === all.length - 1;
  const close = () => {
    setStep(0);
    closeGuide();
  };
  return (
    <Popup
      title={t('GUIDE_TITLE')}
      testId="quick-guide"
      onClose={close}
      actions={
        <>
          {at > 0 && (
            <button className="button" type="button" onClick={() => setStep(at - 1)}>
              {t('GUIDE_BACK')}
            </button>
          )}{' '}
          <button
            className="button"
            type="button"
            data-testid="guide-next"
            onClick={() => (last ? close() : setStep(at + 1))}
          >
            {t(last ? 'GUIDE_DONE' : 'GUIDE_NEXT')}
          </button>
        </>
      }
    >
      <p className="guide-step" data-testid="guide-step" data-step={at + 1}>
        {t('GUIDE_STEP', { n: at + 1, total: all.length })}
      </p>
      <h3>{t(title as 'GUIDE_CHIPS_TITLE')}</h3>
      <p>{t(text as 'GUIDE_CHIPS_TEXT')}</p>
      <label className="guide-never">
        <input
          type="checkbox"
          checked={!enabled}
          onChange={(e) =>
            void setEnabled(!e.target.checked).catch(() => {
              /* kept for this visit */
            })
          }
        />{' '}
        {t('GUIDE_NEVER')}
      </label>
    </Popup>
  );
}
