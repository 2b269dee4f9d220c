// The tables the player can join, until the full lobby arrives (issue 7): a tile per
// table that plays in the player's currency, with its limits and dealer. Blackjack tables
// can be filtered (all, a free seat, bet behind); the choice is saved as the player's
// `selectedbjfilter` setting.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { formatMoney, units } from '../../lib/format/money';
import { useServices } from '../../lib/session';
import { useStore } from '../../lib/store';
import {
  BJ_FILTERS,
  type BjFilter,
  bjFilterOf,
  isBlackjack,
  passesBjFilter,
  routeOf,
} from './bj-filter';

export default function Lobby() {
  const { t } = useTranslation();
  const { session, currency, saveSetting } = useServices();
  const tables = useStore(session, (s) => s.config?.assignedTables ?? []);
  const saved = useStore(session, (s) => s.config?.playerConfig.settings.selectedbjfilter);
  const [chosen, setChosen] = useState<BjFilter | null>(null);
  const filter = chosen ?? bjFilterOf(saved);
  const hasBlackjack = tables.some(isBlackjack);
  const choose = (f: BjFilter) => {
    setChosen(f);
    void saveSetting('selectedbjfilter', f).catch(() => {
      /* the choice still holds for this visit */
    });
  };
  const shown = tables.filter((x) => passesBjFilter(x, filter));
  return (
    <main className="lobby">
      <h1>{t('LOBBY_TITLE')}</h1>
      {tables.length === 0 && <p>{t('LOBBY_EMPTY')}</p>}
      {tables.filter((x) => x.game === 'baccarat').length > 1 && (
        <p>
          <a className="button" href="/play/multi-baccarat" data-testid="multi-baccarat-link">
            {t('LOBBY_MULTI_BACCARAT')}
          </a>
        </p>
      )}
      {hasBlackjack && (
        <div className="lobby-filter" role="group" aria-label={t('BJ_FILTER')}>
          <span className="label">{t('BJ_FILTER')}</span>
          {BJ_FILTERS.map((f) => (
            <button
              key={f}
              type="button"
              className={`toggle ${filter === f ? 'on' : ''}`}
              aria-pressed={filter === f}
              data-testid={`bj-filter-${f}`}
              onClick={() => choose(f)}
            >
              {t(`BJ_FILTER_${f}`)}
            </button>
          ))}
        </div>
      )}
      <ul className="lobby-tables">
        {shown.map((table) => {
          const route = routeOf(table);
          return (
            <li key={table.tableId}>
              <a
                className="lobby-tile"
                href={`/play/${route}?gameId=${encodeURIComponent(table.tableId)}`}
                aria-label={t('LOBBY_JOIN', { name: table.name })}
                data-table={table.tableId}
              >
                <span className="lobby-name">{table.name}</span>
                <span className="lobby-kind">
                  {t(route.toUpperCase() as 'ROULETTE', { defaultValue: table.game })}
                </span>
                <span className="lobby-limits">
                  {t('LOBBY_LIMITS', {
                    min: formatMoney(units(table.limits.min), currency()),
                    max: formatMoney(units(table.limits.max), currency()),
                  })}
                </span>
                <span className="lobby-dealer">{t('DEALER', { name: table.dealer })}</span>
                <span className="lobby-players">
                  {t('LOBBY_PLAYERS', { count: table.players })}
                </span>
              </a>
            </li>
          );
        })}
      </ul>
    </main>
  );
}
