// The header every page shows: the way back to the lobby, the player's name, the balance
// and the connection.
import { useTranslation } from 'react-i18next';

import { formatMoney } from '../lib/format/money';
import { type SessionState, useServices } from '../lib/session';
import { useStore } from '../lib/store';
import { ConnectionIndicator } from '../ui/ConnectionIndicator';

export function Header() {
  const { t } = useTranslation();
  const { session, currency } = useServices();
  const balance = useStore(session, (s: SessionState) => s.balance);
  const name = useStore(session, (s: SessionState) => s.config?.playerConfig.player.name ?? '');
  const connection = useStore(session, (s: SessionState) => s.connection);
  return (
    <header className="app-header">
      <a className="brand" href="/play/lobby" aria-label={t('BACK_TO_LOBBY')}>
        <img src="/img/logo.svg" alt="" width={28} height={28} />
        <span>{t('APP_NAME')}</span>
      </a>
      <span className="player-name">{name}</span>
      <span className="balance" data-testid="balance" aria-live="polite">
        <span className="label">{t('BALANCE')}</span>{' '}
        <strong>{balance ? formatMoney(balance.total, currency()) : '…'}</strong>
      </span>
      <ConnectionIndicator quality={connection.quality} rtt={connection.rtt} />
    </header>
  );
}
