// The tables this person works at (GET /studio/api/tables, read every 2 s): each a card
// with its name (the button that opens its panel), game, dealer mode (and the mode it
// switches to), whether it is paused, its round's state and id, the players watching and
// betting, the stakes by currency, the stream's health and the closing time. A failed read
// keeps the last list and says so.
import { useCallback, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { formatNumber, formatTime } from '../../lib/format/locale';
import type { StudioApi, TableRow } from './api';
import { moneyText, refusalOf, sessionEnded, streamFailing, streamText } from './model';
import { usePoll } from './poll';

export const MODE_TEXT = {
  human: 'STUDIO_MODE_human',
  rng: 'STUDIO_MODE_rng',
} as const;

export function TablesList({
  api,
  everyMs,
  selected,
  onSelect,
  onSessionEnded,
}: {
  api: StudioApi;
  everyMs: number;
  selected: string | null;
  onSelect: (id: string) => void;
  onSessionEnded: () => void;
}) {
  const { t } = useTranslation();
  const ids = useId();
  const [rows, setRows] = useState<TableRow[] | null>(null);
  const [failed, setFailed] = useState<string | null>(null);

  const read = useCallback(async () => {
    try {
      setRows(await api.tables());
      setFailed(null);
    } catch (e) {
      if (sessionEnded(e)) onSessionEnded();
      else setFailed(refusalOf(t, e).text);
    }
  }, [api, onSessionEnded, t]);
  usePoll(read, everyMs);

  return (
    <section
      className="console-tables"
      aria-labelledby={`${ids}-title`}
      data-testid="studio-tables"
    >
      <h2 id={`${ids}-title`}>{t('STUDIO_TABLES')}</h2>
      <p className="console-status" role="status">
        {failed ? `${t('STUDIO_TABLES_FAILED')} ${failed}` : ''}
      </p>
      {rows === null && !failed && <p aria-busy="true">{t('LOADING')}</p>}
      {rows !== null && rows.length === 0 && <p>{t('STUDIO_NO_TABLES')}</p>}
      {rows !== null && rows.length > 0 && (
        <ul className="console-table-list">
          {rows.map((row) => (
            <li key={row.id} className="console-table-card" data-current={row.id === selected}>
              <button
                type="button"
                className="console-table-open"
                data-testid={`studio-table-${row.id}`}
                aria-current={row.id === selected ? 'true' : undefined}
                aria-describedby={`${ids}-${row.id}-facts`}
                onClick={() => onSelect(row.id)}
              >
                {row.name || row.id}
              </button>
              <div id={`${ids}-${row.id}-facts`}>
                <TableFacts row={row} />
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** A table's facts as a list of terms (the list's cards and the panel's head). */
export function TableFacts({ row, stateTestId }: { row: TableRow; stateTestId?: string }) {
  const { t } = useTranslation();
  const stakes = Object.entries(row.stakes ?? {});
  const stream = streamText(t, row.stream);
  const next =
    row.nextDealerMode && row.nextDealerMode !== row.dealerMode ? row.nextDealerMode : null;
  return (
    <dl className="console-facts">
      <div>
        <dt>{t('STUDIO_GAME')}</dt>
        <dd>
          <code>{row.variant ? `${row.game} · ${row.variant}` : row.game}</code>
        </dd>
      </div>
      <div>
        <dt>{t('STUDIO_DEALING')}</dt>
        <dd data-mode={row.dealerMode}>
          {t(MODE_TEXT[row.dealerMode] ?? 'STUDIO_MODE_rng')}
          {next && (
            <span className="console-next-mode">
              {' → '}
              {t('STUDIO_MODE_NEXT', { mode: t(MODE_TEXT[next] ?? 'STUDIO_MODE_rng') })}
            </span>
          )}
        </dd>
      </div>
      <div>
        <dt>{t('STUDIO_STATE')}</dt>
        <dd>
          <span data-testid={stateTestId}>{row.stateName}</span>
          {row.paused && <span className="console-badge console-paused">{t('STUDIO_PAUSED')}</span>}
        </dd>
      </div>
      <div>
        <dt>{t('STUDIO_ROUND')}</dt>
        <dd>
          <code>{row.roundId ?? '–'}</code>
        </dd>
      </div>
      <div>
        <dt>{t('STUDIO_WATCHING')}</dt>
        <dd>{formatNumber(row.watching ?? 0)}</dd>
      </div>
      <div>
        <dt>{t('STUDIO_BETTORS')}</dt>
        <dd>{formatNumber(row.bettors ?? 0)}</dd>
      </div>
      <div>
        <dt>{t('STUDIO_STAKES')}</dt>
        <dd>
          {stakes.length === 0
            ? t('STUDIO_NONE')
            : stakes.map(([currency, amount], i) => (
                <span key={currency}>
                  {i > 0 && ', '}
                  <bdi>{moneyText(amount, currency)}</bdi>
                </span>
              ))}
        </dd>
      </div>
      <div>
        <dt>{t('STUDIO_STREAM')}</dt>
        <dd data-failing={streamFailing(row.stream)}>{stream ?? t('STUDIO_NONE')}</dd>
      </div>
      {typeof row.closesAt === 'number' && row.closesAt > 0 && (
        <div>
          <dt>{t('STUDIO_CLOSES_AT')}</dt>
          <dd className="console-closing">{formatTime(row.closesAt)}</dd>
        </div>
      )}
    </dl>
  );
}
