// The show after the spin, as the studio tells it: a Sugar Bomb's multiplier and re-spin,
// and the round's bonus: the Candy Drop (the choice of a candy with its countdown, for the
// players in the bonus: pending, held by the server or refused, the default said as such;
// then the three candies' multipliers with the player's own), the Bubble Surprise (two
// bubbles and their sum) and the Sweet Spins wheel landing on its value.
import { useEffect, useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

import { LabelToken } from './parts';
import { CANDIES, DEFAULT_CANDY, spinsSegmentFor } from './candy';
import { SpinsWheel } from './CandyWheel';
import { labelName } from './names';
import {
  type CandyView,
  type ShowStep,
  bonusShown,
  currentStep,
  myCandy,
  stepShown,
} from './show-state';

/** Whole seconds until a server time (ms), counted on the local clock. */
function useSecondsTo(until: number | null, serverOffset: number): number | null {
  // The clock ticks from the moment the show is on screen: one started only when the choice
  // opened counted its first second from the time the show appeared (a 6-s pick read 9).
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, []);
  if (until === null) return null;
  return Math.max(0, Math.ceil((until - (now + serverOffset)) / 1000));
}

/** A refused pick in words: the game's own, else the error catalogue's. */
export function pickRefusalWords(t: TFunction, code: number): string {
  if (code === 1018) return t('SBZ_PICK_ERROR_1018');
  if (code === 1021) return t('SBZ_PICK_ERROR_1021');
  return t(`ERROR.${code}` as 'ERROR.1022', { defaultValue: t('ERROR.2001') });
}

const BONUS_LABEL: Record<string, string> = {
  candydrop: 'CANDY_DROP',
  bubbles: 'BUBBLE_SURPRISE',
  sweetspins: 'SWEET_SPINS',
};

export function ShowPanel({
  view,
  inBonus,
  landedKeys,
  onPick,
  onSpinsLanded,
}: {
  view: CandyView;
  inBonus: boolean;
  landedKeys: ReadonlySet<string>;
  onPick: (step: ShowStep, choice: string) => void;
  onSpinsLanded: (key: string) => void;
}) {
  const { t } = useTranslation();
  const show = view.show;
  if (!show || show.gameId !== view.gameId) return null;
  const g = view.gameId;
  const bomb = stepShown(view, 'bomb');
  const bombLanded = landedKeys.has(`${g}:bomb`);
  const onBonus = bonusShown(view, landedKeys);
  const bonusLabel = BONUS_LABEL[show.bonus];
  const now = currentStep(view);
  if (!bomb && !(onBonus && bonusLabel)) return null;
  return (
    <section
      className="sbz-show"
      aria-label={bonusLabel && onBonus ? labelName(t, bonusLabel) : labelName(t, 'SUGAR_BOMB')}
      data-testid="show"
      data-bonus={show.bonus}
      data-step={now?.what ?? ''}
      data-players-in={show.playersIn}
    >
      {bomb && (
        <p className="sbz-bomb" data-testid="bomb" data-x={bomb.values[0]}>
          <LabelToken label="SUGAR_BOMB" />
          <span className="sbz-bomb-text">
            {bombLanded
              ? t('SBZ_RESULT_BOMB', { m: bomb.values[0] })
              : t('SBZ_BOMB', { m: bomb.values[0] })}
          </span>
        </p>
      )}
      {onBonus && show.bonus === 'candydrop' && (
        <CandyDrop view={view} inBonus={inBonus} onPick={onPick} />
      )}
      {onBonus && show.bonus === 'bubbles' && <Bubbles view={view} />}
      {onBonus && show.bonus === 'sweetspins' && (
        <SweetSpins view={view} onLanded={onSpinsLanded} />
      )}
      {onBonus && bonusLabel && (
        <p className="sbz-players-in" data-testid="players-in">
          {t('SBZ_PLAYERS_IN', { count: show.playersIn })}
        </p>
      )}
    </section>
  );
}

function CandyDrop({
  view,
  inBonus,
  onPick,
}: {
  view: CandyView;
  inBonus: boolean;
  onPick: (step: ShowStep, choice: string) => void;
}) {
  const { t } = useTranslation();
  const choose = stepShown(view, 'candy');
  const candies = stepShown(view, 'candies');
  const now = currentStep(view);
  const open = choose !== null && now?.index === choose.index && candies === null;
  // Before the choice opens the players get ready; after it closes the candies fall.
  const phase = open ? 'choose' : choose === null ? 'ready' : 'falling';
  const seconds = useSecondsTo(open ? choose.until : null, view.serverOffset);
  const p = view.picking && choose && view.picking.step === choose.index ? view.picking : null;
  const { candy, chosen } = myCandy(view);

  if (candies) {
    // The candies have landed: each one's multiplier, the player's own marked.
    return (
      <div className="sbz-candydrop revealed" data-testid="candydrop" data-phase="revealed">
        <h2 className="sbz-show-title">{labelName(t, 'CANDY_DROP')}</h2>
        <ol className="sbz-candies" data-testid="candies">
          {CANDIES.map((c, i) => {
            const x = candies.values[i];
            const mine = inBonus && c === candy;
            return (
              <li
                key={c}
                className={`sbz-candy candy-${c} ${mine ? 'mine' : ''}`}
                data-candy={c}
                data-x={x}
                data-mine={mine ? 'true' : undefined}
              >
                <span className="sbz-candy-sweet" aria-hidden="true" />
                <span className="sbz-candy-name">{t('SBZ_CANDY', { n: c })}</span>
                <span className="sbz-candy-x">
                  {x !== undefined ? t('PAYS_SHORT', { ratio: x }) : ''}
                </span>
                {mine && <span className="sbz-candy-yours">{t('SBZ_CANDY_YOURS')}</span>}
              </li>
            );
          })}
        </ol>
        {inBonus && candies.values[Number(candy) - 1] !== undefined && (
          <p className="sbz-candy-mine" data-testid="my-candy" data-candy={candy}>
            {t(chosen ? 'SBZ_MY_CANDY_PAYS' : 'SBZ_MY_CANDY_PAYS_DEFAULT', {
              n: candy,
              x: candies.values[Number(candy) - 1],
            })}
          </p>
        )}
      </div>
    );
  }

  // The choice: open to the players in the bonus until its deadline.
  let status: { state: string; text: string } | null = null;
  if (p?.sending)
    status = { state: 'sending', text: t('SBZ_PICK_SENDING', { n: p.sending.choice }) };
  else if (p?.refused) status = { state: 'refused', text: pickRefusalWords(t, p.refused.code) };
  else if (p?.confirmed)
    status = { state: 'confirmed', text: t('SBZ_PICK_CONFIRMED', { n: p.confirmed }) };
  else if (inBonus)
    status = { state: 'default', text: t('SBZ_PICK_DEFAULT', { n: DEFAULT_CANDY }) };
  return (
    <div className="sbz-candydrop" data-testid="candydrop" data-phase={phase}>
      <h2 className="sbz-show-title">
        {labelName(t, 'CANDY_DROP')}
        {open && seconds !== null && (
          <span
            className="countdown sbz-countdown"
            data-testid="pick-countdown"
            aria-label={t('SECONDS_LEFT', { seconds })}
          >
            {seconds}
          </span>
        )}
      </h2>
      {inBonus ? (
        <>
          <p className="sbz-pick-prompt" id="sbz-pick-prompt">
            {phase === 'choose'
              ? t('SBZ_PICK_PROMPT')
              : phase === 'ready'
                ? t('SBZ_PICK_READY')
                : t('SBZ_CANDIES_FALLING')}
          </p>
          <div className="sbz-pick" role="group" aria-labelledby="sbz-pick-prompt">
            {CANDIES.map((c) => {
              const held = (p?.confirmed ?? null) === c;
              const sending = p?.sending?.choice === c;
              const isDefault = c === DEFAULT_CANDY && !p?.confirmed && !p?.sending;
              return (
                <button
                  key={c}
                  type="button"
                  className={`sbz-candy-button candy-${c} ${held ? 'held' : ''} ${sending ? 'sending' : ''} ${isDefault ? 'default' : ''}`}
                  data-testid={`pick-${c}`}
                  data-state={sending ? 'sending' : held ? 'held' : isDefault ? 'default' : ''}
                  aria-pressed={sending || held || isDefault}
                  disabled={!open}
                  onClick={() => choose && onPick(choose, c)}
                >
                  <span className="sbz-candy-sweet" aria-hidden="true" />
                  <span className="sbz-candy-name">{t('SBZ_CANDY', { n: c })}</span>
                  {isDefault && <span className="sbz-candy-default">{t('SBZ_DEFAULT')}</span>}
                </button>
              );
            })}
          </div>
          {status && (
            <p
              className={`sbz-pick-status ${status.state}`}
              data-testid="pick-status"
              data-state={status.state}
            >
              {status.text}
            </p>
          )}
        </>
      ) : (
        <p className="sbz-pick-prompt">{t('SBZ_PICK_WATCH')}</p>
      )}
    </div>
  );
}

function Bubbles({ view }: { view: CandyView }) {
  const { t } = useTranslation();
  const step = stepShown(view, 'bubbles');
  if (!step) return <h2 className="sbz-show-title">{labelName(t, 'BUBBLE_SURPRISE')}</h2>;
  const [a, b] = step.values;
  const sum = step.values.reduce((x, y) => x + y, 0);
  return (
    <div className="sbz-bubbles" data-testid="bubbles" data-x={sum}>
      <h2 className="sbz-show-title">{labelName(t, 'BUBBLE_SURPRISE')}</h2>
      <div className="sbz-bubble-row" aria-hidden="true">
        {step.values.map((v, i) => (
          <span key={i} className="sbz-bubble" data-value={v}>
            {v}
          </span>
        ))}
        <span className="sbz-bubble-sum">= {sum}</span>
      </div>
      <p className="sbz-bubble-text">{t('SBZ_BUBBLES', { a, b, x: sum })}</p>
    </div>
  );
}

function SweetSpins({ view, onLanded }: { view: CandyView; onLanded: (key: string) => void }) {
  const { t } = useTranslation();
  const step = stepShown(view, 'spin');
  const x = step?.values[0] ?? null;
  const key = `${view.gameId}:spins`;
  const segment = x !== null ? spinsSegmentFor(x, view.gameId) : null;
  const [landed, setLanded] = useState<string | null>(null);
  return (
    <div className="sbz-spins" data-testid="sweetspins" data-x={x ?? undefined}>
      <h2 className="sbz-show-title">{labelName(t, 'SWEET_SPINS')}</h2>
      <SpinsWheel
        segment={segment}
        landingKey={x !== null ? key : null}
        onLanded={(k) => {
          setLanded(k);
          onLanded(k);
        }}
      />
      {x !== null && (landed === key || segment === null) && (
        <p className="sbz-spins-text" data-testid="spins-value">
          {t('SBZ_SPINS_LANDED', { x })}
        </p>
      )}
    </div>
  );
}
