// The tables the player can join, until the full lobby arrives (issue 7): a tile per
// table that plays in the player's currency, with its limits and dealer.
import { useTranslation } from 'react-i18next';

import { formatMoney, units } from '../../lib/format/money';
import { useServices } from '../../lib/session';
import { useStore } from '../../lib/store';

export default function Lobby() {
  const { t } = useTranslation();
  const { session, currency } = useServices();
  const tables = useStore(session, (s) => s.config?.assignedTables ?? []);
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
      <ul className="lobby-tables">
        {tables.map((table) => (
          <li key={table.tableId}>
            <a
              className="lobby-tile"
              href={`/play/${table.game}?gameId=${encodeURIComponent(table.tableId)}`}
              aria-label={t('LOBBY_JOIN', { name: table.name })}
              data-table={table.tableId}
            >
              <span className="lobby-name">{table.name}</span>
              <span className="lobby-kind">
                {t(table.game.toUpperCase() as 'ROULETTE', { defaultValue: table.game })}
              </span>
              <span className="lobby-limits">
                {t('LOBBY_LIMITS', {
                  min: formatMoney(units(table.limits.min), currency()),
                  max: formatMoney(units(table.limits.max), currency()),
                })}
              </span>
              <span className="lobby-dealer">{t('DEALER', { name: table.dealer })}</span>
              <span className="lobby-players">{t('LOBBY_PLAYERS', { count: table.players })}</span>
            </a>
          </li>
        ))}
      </ul>
    </main>
  );
}
