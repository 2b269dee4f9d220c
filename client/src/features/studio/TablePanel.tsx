// One table's panel (GET /studio/api/tables/<id>, read every second while open, and taken
// from each dealer action's answer): its facts, the dealer's controls at a human-dealt
// table (DealerControls) and, for a supervisor, the supervisor's tools (SupervisorTools).
//
// Answers are applied in the order their calls were made: a read that was sent before an
// action and answers after it does not undo what the action's answer showed.
//
// A refusal shows next to the control that caused it (role=alert, the last one only).
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { DealerAction, Staff, StudioApi, TableDetail } from './api';
import { DealerControls } from './DealerControls';
import { type Refusal, isHuman, mergeTable, refusalOf, sessionEnded } from './model';
import { usePoll } from './poll';
import { type Shown, type Where, clearedBy } from './refusal';
import { SupervisorTools } from './SupervisorTools';
import { TableFacts } from './TablesList';

export function TablePanel({
  api,
  id,
  me,
  everyMs,
  onSessionEnded,
  onBack,
}: {
  api: StudioApi;
  id: string;
  me: Staff;
  everyMs: number;
  onSessionEnded: () => void;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const ids = useId();
  const [table, setTable] = useState<TableDetail | null>(null);
  const [readFailed, setReadFailed] = useState<Refusal | null>(null);
  const [shown, setShown] = useState<Shown | null>(null);
  const sent = useRef(0); // calls made for this table's state, numbered
  const applied = useRef(0); // the newest call whose answer shows
  const heading = useRef<HTMLHeadingElement>(null);
  const panel = useRef<HTMLElement>(null);
  const focusedOnce = useRef(false);

  const apply = useCallback((n: number, answer: TableDetail) => {
    if (n < applied.current) return;
    applied.current = n;
    setTable((prev) => mergeTable(prev, answer));
  }, []);

  const read = useCallback(async () => {
    const n = ++sent.current;
    try {
      apply(n, await api.table(id));
      setReadFailed(null);
    } catch (e) {
      if (sessionEnded(e)) onSessionEnded();
      else setReadFailed(refusalOf(t, e));
    }
  }, [api, id, apply, onSessionEnded, t]);
  usePoll(read, everyMs);

  /**
   * A call whose answer is the table (a dealer action, pause, mode): shown at once. Its
   * refusal shows at `where`; false when refused.
   */
  const change = useCallback(
    async (where: Where, call: () => Promise<TableDetail>, entry?: string): Promise<boolean> => {
      const n = ++sent.current;
      try {
        const answer = await call();
        if (answer && typeof answer === 'object' && 'id' in answer) apply(n, answer);
        setShown(clearedBy(where));
        return true;
      } catch (e) {
        if (sessionEnded(e)) onSessionEnded();
        else setShown({ where, refusal: refusalOf(t, e), entry });
        return false;
      }
    },
    [apply, onSessionEnded, t],
  );

  const dealer = useCallback(
    (where: Where, action: DealerAction, entry?: string) =>
      change(where, () => api.dealer(id, action), entry),
    [api, change, id],
  );

  /** Another call (chat, mute, closing): its refusal shows at `where`. */
  const other = useCallback(
    async <R,>(where: Where, call: () => Promise<R>): Promise<R | null> => {
      try {
        const r = await call();
        setShown(clearedBy(where));
        return r;
      } catch (e) {
        if (sessionEnded(e)) onSessionEnded();
        else setShown({ where, refusal: refusalOf(t, e) });
        return null;
      }
    },
    [onSessionEnded, t],
  );

  /** The console's own check refused a form before it was sent. */
  const refuseHere = useCallback((where: Where, text: string) => {
    setShown({ where, refusal: { code: 'INVALID', text } });
  }, []);

  // The panel opened: the focus goes to the card field at a human card table, else to the
  // panel's heading (on a narrow screen the list it came from is gone).
  const loaded = table !== null;
  useEffect(() => {
    if (!loaded || focusedOnce.current) return;
    focusedOnce.current = true;
    const field = panel.current?.querySelector<HTMLInputElement>(
      '[data-testid="studio-card-input"]',
    );
    (field ?? heading.current)?.focus();
  }, [loaded]);

  const human = table !== null && isHuman(table);
  return (
    <section
      className="console-panel"
      ref={panel}
      aria-labelledby={`${ids}-title`}
      data-testid="studio-panel"
      data-table={id}
    >
      <div className="console-panel-head">
        <button
          type="button"
          className="link-button console-back"
          data-testid="studio-back"
          onClick={onBack}
        >
          {t('STUDIO_BACK')}
        </button>
        <h2 id={`${ids}-title`} ref={heading} tabIndex={-1}>
          {table?.name || id}
        </h2>
      </div>
      <p className="console-status" role="status">
        {readFailed ? `${t('STUDIO_TABLE_FAILED')} ${readFailed.text}` : ''}
      </p>
      {table === null && !readFailed && <p aria-busy="true">{t('LOADING')}</p>}
      {table !== null && (
        <>
          <TableFacts row={table} stateTestId="studio-state" />
          {human ? (
            <DealerControls table={table} dealer={dealer} shown={shown} />
          ) : (
            <p className="console-note" data-testid="studio-rng-note">
              {t('STUDIO_RNG_DEALS')}
            </p>
          )}
          {me.role === 'supervisor' && (
            <SupervisorTools
              api={api}
              table={table}
              change={change}
              other={other}
              refuse={refuseHere}
              shown={shown}
            />
          )}
        </>
      )}
    </section>
  );
}
