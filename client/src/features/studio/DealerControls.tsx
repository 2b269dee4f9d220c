// A human dealer's controls (docs/studio.md "A human-dealt round"): Open and Close betting;
// at roulette Spin, the number the ball landed in (changeable until confirmed); at a card
// table the scanner field, the cards entered by hand, Undo and New shoe; the result, shown
// beside Confirm before it is pressed; Void, after a confirmation dialog. Each button is
// enabled as the round's can* flags say.
//
// The card field works like a card-shoe scanner: the focus stays in it, a card is typed as
// rank then suit and Enter sends it; the field is emptied at once, so the next card can be
// typed while the first is being taken. Cards are sent one after another in the order
// typed; once one is refused, the ones typed after it are not sent (they would go to the
// wrong hands) and the refusal shows next to the field with the rule that refused it. The
// field is never disabled (a scanner must not lose its focus): the server says when a card
// cannot be taken.
import { type FormEvent, type RefObject, useCallback, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useFocusTrap } from '../../lib/a11y/focus-trap';
import { parseCard } from '../../lib/table/cards';
import { Popup } from '../../ui/Popup';
import { handName } from '../cards/names';
import type { DealerAction, HumanRound, TableDetail } from './api';
import { cardText, cardsByHand, isRoulette } from './model';
import { RefusalText, type Shown, type Where } from './refusal';

type Dealer = (where: Where, action: DealerAction, entry?: string) => Promise<boolean>;

const NO_ROUND: HumanRound = {
  cards: [],
  nextHand: null,
  number: null,
  result: null,
  canOpen: false,
  canClose: false,
  canSpin: false,
  canEnter: false,
  canUndo: false,
  canConfirm: false,
  canVoid: false,
  canNewShoe: false,
};

export function DealerControls({
  table,
  dealer,
  shown,
}: {
  table: TableDetail;
  dealer: Dealer;
  shown: Shown | null;
}) {
  const { t } = useTranslation();
  const ids = useId();
  const round = { ...NO_ROUND, ...(table.round ?? {}) };
  const roulette = isRoulette(table);
  const [voiding, setVoiding] = useState(false);
  const cardField = useRef<HTMLInputElement>(null);
  const pending = useRef(false);

  /** A button's action; a second press while the first is being taken is ignored. */
  const press = async (action: DealerAction['action'], refocus = false) => {
    if (pending.current) return;
    pending.current = true;
    try {
      await dealer('dealer', { action } as DealerAction);
    } finally {
      pending.current = false;
      if (refocus) cardField.current?.focus();
    }
  };

  const resultId = `${ids}-result`;
  const result = round.result ?? null;
  return (
    <section className="console-dealer" aria-labelledby={`${ids}-title`}>
      <h3 id={`${ids}-title`}>{t('STUDIO_DEALER_CONTROLS')}</h3>
      <div className="console-actions">
        <button
          type="button"
          className="button"
          data-testid="studio-open"
          disabled={!round.canOpen}
          onClick={() => void press('open')}
        >
          {t('STUDIO_OPEN')}
        </button>
        <button
          type="button"
          className="button"
          data-testid="studio-close"
          disabled={!round.canClose}
          onClick={() => void press('close')}
        >
          {t('STUDIO_CLOSE')}
        </button>
        {roulette && (
          <button
            type="button"
            className="button"
            data-testid="studio-spin"
            disabled={!round.canSpin}
            onClick={() => void press('spin')}
          >
            {t('STUDIO_SPIN')}
          </button>
        )}
      </div>
      {roulette ? (
        <NumberEntry round={round} dealer={dealer} shown={shown} />
      ) : (
        <CardEntry
          game={table.game}
          round={round}
          dealer={dealer}
          shown={shown}
          field={cardField}
          onUndo={() => void press('undo', true)}
        />
      )}
      <div className="console-result-row">
        <p className="console-result">
          <span id={`${resultId}-label`}>{t('STUDIO_RESULT')}</span>{' '}
          <output
            id={resultId}
            data-testid="studio-result"
            aria-labelledby={`${resultId}-label ${resultId}`}
            data-complete={result !== null}
          >
            {result ?? t('STUDIO_NO_RESULT')}
          </output>
        </p>
        <button
          type="button"
          className="button console-primary"
          data-testid="studio-confirm"
          disabled={!round.canConfirm}
          aria-describedby={resultId}
          onClick={() => void press('confirm', !roulette)}
        >
          {t('STUDIO_CONFIRM')}
        </button>
      </div>
      <div className="console-actions">
        <button
          type="button"
          className="button console-danger"
          data-testid="studio-void"
          disabled={!round.canVoid}
          onClick={() => setVoiding(true)}
        >
          {t('STUDIO_VOID')}
        </button>
        {!roulette && (
          <button
            type="button"
            className="button"
            data-testid="studio-new-shoe"
            disabled={!round.canNewShoe}
            onClick={() => void press('shoe', true)}
          >
            {t('STUDIO_NEW_SHOE')}
          </button>
        )}
      </div>
      <RefusalText shown={shown} where="dealer" />
      {voiding && (
        <VoidDialog
          onCancel={() => setVoiding(false)}
          onConfirm={() => {
            setVoiding(false);
            void press('void', !roulette);
          }}
        />
      )}
    </section>
  );
}

function CardEntry({
  game,
  round,
  dealer,
  shown,
  field,
  onUndo,
}: {
  game: string;
  round: HumanRound;
  dealer: Dealer;
  shown: Shown | null;
  field: RefObject<HTMLInputElement | null>;
  onUndo: () => void;
}) {
  const { t } = useTranslation();
  const ids = useId();
  const [text, setText] = useState('');
  const queue = useRef<Promise<void>>(Promise.resolve());
  const refusals = useRef(0); // a card waiting behind one that is refused is not sent

  const send = (e: FormEvent) => {
    e.preventDefault();
    const card = cardText(text);
    setText('');
    field.current?.focus();
    if (!card) return;
    const typedAfter = refusals.current;
    queue.current = queue.current.then(async () => {
      if (refusals.current !== typedAfter) return;
      if (!(await dealer('card', { action: 'card', card }, card))) refusals.current++;
    });
  };

  const refused = shown?.where === 'card';
  const hands = cardsByHand(game, round.cards ?? [], round.nextHand);
  const next = round.nextHand
    ? t('STUDIO_NEXT_HAND', { hand: handName(t, round.nextHand) })
    : (round.cards ?? []).length > 0
      ? t('STUDIO_DEAL_COMPLETE')
      : '';
  return (
    <div className="console-entry">
      <form className="console-entry-form" onSubmit={send}>
        <label className="console-field" htmlFor={`${ids}-card`}>
          <span>{t('STUDIO_CARD')}</span>
        </label>
        <div className="console-entry-row">
          <input
            ref={field}
            id={`${ids}-card`}
            className="console-scan"
            data-testid="studio-card-input"
            value={text}
            onChange={(e) => setText(e.target.value)}
            autoComplete="off"
            autoCapitalize="characters"
            autoCorrect="off"
            spellCheck={false}
            enterKeyHint="send"
            maxLength={4}
            aria-invalid={refused || undefined}
            aria-describedby={`${ids}-hint ${ids}-next${refused ? ` ${ids}-error` : ''}`}
          />
          <button type="submit" className="button" data-testid="studio-card-send">
            {t('STUDIO_CARD_SEND')}
          </button>
          <button
            type="button"
            className="button"
            data-testid="studio-undo"
            disabled={!round.canUndo}
            onClick={onUndo}
          >
            {t('STUDIO_UNDO')}
          </button>
        </div>
        <p className="console-hint" id={`${ids}-hint`}>
          {t('STUDIO_CARD_HINT')}
        </p>
        <p
          className="console-next"
          id={`${ids}-next`}
          aria-live="polite"
          data-testid="studio-next-hand"
        >
          {next}
        </p>
        <RefusalText shown={shown} where="card" id={`${ids}-error`} />
      </form>
      <div className="console-cards" data-testid="studio-cards" aria-labelledby={`${ids}-cards`}>
        <h4 id={`${ids}-cards`}>{t('STUDIO_CARDS')}</h4>
        {(round.cards ?? []).length === 0 && <p>{t('STUDIO_NO_CARDS')}</p>}
        {(round.cards ?? []).length > 0 && (
          <dl>
            {hands.map(({ hand, cards }) => (
              <div key={hand} data-hand={hand} data-next={hand === round.nextHand}>
                <dt>{handName(t, hand)}</dt>
                <dd>
                  {cards.map((c) => {
                    const face = parseCard(c.card);
                    return (
                      <span
                        key={c.index}
                        className="console-card"
                        dir="ltr"
                        data-card={c.card}
                        data-red={face?.red ?? false}
                      >
                        {face ? `${face.rank}${face.symbol}` : c.card}
                      </span>
                    );
                  })}
                </dd>
              </div>
            ))}
          </dl>
        )}
      </div>
    </div>
  );
}

function NumberEntry({
  round,
  dealer,
  shown,
}: {
  round: HumanRound;
  dealer: Dealer;
  shown: Shown | null;
}) {
  const { t } = useTranslation();
  const ids = useId();
  const [text, setText] = useState('');
  const pending = useRef(false);

  const send = async (e: FormEvent) => {
    e.preventDefault();
    const number = text.trim();
    if (!number || pending.current) return;
    pending.current = true;
    try {
      if (await dealer('number', { action: 'number', number }, number)) setText('');
    } finally {
      pending.current = false;
    }
  };

  const refused = shown?.where === 'number';
  const entered = round.number ?? null;
  return (
    <form className="console-entry console-entry-form" onSubmit={(e) => void send(e)}>
      <label className="console-field" htmlFor={`${ids}-number`}>
        <span>{t('STUDIO_NUMBER')}</span>
      </label>
      <div className="console-entry-row">
        <input
          id={`${ids}-number`}
          className="console-scan"
          data-testid="studio-number-input"
          value={text}
          onChange={(e) => setText(e.target.value)}
          inputMode="numeric"
          autoComplete="off"
          enterKeyHint="send"
          maxLength={2}
          aria-invalid={refused || undefined}
          aria-describedby={`${ids}-hint${refused ? ` ${ids}-error` : ''}`}
        />
        <button
          type="submit"
          className="button"
          data-testid="studio-number-send"
          disabled={!round.canEnter}
        >
          {t('STUDIO_NUMBER_SEND')}
        </button>
      </div>
      <p className="console-hint" id={`${ids}-hint`}>
        {t('STUDIO_NUMBER_HINT')}
      </p>
      <p className="console-next" aria-live="polite" data-testid="studio-number">
        {entered !== null && entered !== ''
          ? t('STUDIO_NUMBER_ENTERED', { number: String(entered) })
          : ''}
      </p>
      <RefusalText shown={shown} where="number" id={`${ids}-error`} />
    </form>
  );
}

function VoidDialog({ onCancel, onConfirm }: { onCancel: () => void; onConfirm: () => void }) {
  const { t } = useTranslation();
  const ids = useId();
  const body = useRef<HTMLParagraphElement>(null);
  useFocusTrap(
    useCallback(() => body.current?.closest<HTMLElement>('[role="dialog"]') ?? null, []),
  );
  return (
    <Popup
      title={t('STUDIO_VOID_TITLE')}
      tone="warning"
      onClose={onCancel}
      testId="studio-void-dialog"
      describedBy={`${ids}-text`}
      actions={
        <div className="console-dialog-actions">
          <button
            type="button"
            className="button"
            data-testid="studio-void-cancel"
            onClick={onCancel}
          >
            {t('STUDIO_CANCEL')}
          </button>
          <button
            type="button"
            className="button console-danger"
            data-testid="studio-void-confirm"
            onClick={onConfirm}
          >
            {t('STUDIO_VOID')}
          </button>
        </div>
      }
    >
      <p id={`${ids}-text`} ref={body}>
        {t('STUDIO_VOID_TEXT')}
      </p>
    </Popup>
  );
}
