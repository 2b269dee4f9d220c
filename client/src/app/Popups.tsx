// The popups and alerts this slice needs: session expired, account restricted, logged out
// elsewhere, balance error, and no internet (shown while the socket is down; it goes
// away by itself when the connection comes back); and the host page's: the game paused
// by the host (PAUSE until RESUME) and the reality check (lib/host: the session's time, its
// stakes and, with net_position, its net position, as the server counts them).
// A player of the casino's own accounts (lib/account) whose session ended can log in
// again from the session-expired and logged-out popups.
// One shows at a time: an ended session first, then the pause, the reality check, and
// the other alerts.
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { formatMoney } from '../lib/format/money';
import { casinoConfigOf } from '../lib/host/casino-config';
import { useHost, useHostUi } from '../lib/host/context';
import { type PopupKind, useServices } from '../lib/session';
import { useStore } from '../lib/store';
import { Popup } from '../ui/Popup';
import { isAccountsPlayer, loginHref } from '../lib/account';

/** How long past the idle message's end a kickout may take to arrive. */
const IDLE_GRACE_MS = 3000;

const ENDED: PopupKind[] = [
  'session-expired',
  'account-restricted',
  'logged-out-elsewhere',
  'kicked-out',
];

export function Popups() {
  const { t } = useTranslation();
  const { session, currency } = useServices();
  const host = useHost();
  const popups = useStore(session, (s) => s.popups);
  const paused = useHostUi((u) => u.paused);
  const reality = useHostUi((u) => u.realityCheck);
  const rawCasino = useStore(session, (s) => s.config?.casinoConfig ?? null);
  const netPosition = useMemo(() => casinoConfigOf(rawCasino).net_position, [rawCasino]);
  const dismiss = (kind: PopupKind) =>
    session.set((s) => ({ ...s, popups: s.popups.filter((p) => p !== kind) }));
  // A player of the casino's own accounts logs in again on its login page.
  const accountsPlayer = useStore(session, (s) =>
    isAccountsPlayer(s.account, s.config?.playerConfig?.player?.operatorId),
  );
  const logInAgain = accountsPlayer ? (
    <a className="button" href={loginHref()} data-testid="popup-log-in">
      {t('ACCOUNT_LOG_IN_AGAIN')}
    </a>
  ) : undefined;
  const top = popups[popups.length - 1];
  const ended = top !== undefined && ENDED.includes(top);
  if (!ended && paused) {
    return (
      <Popup title={t('PAUSED_TITLE')} testId="popup-paused">
        <p>{t('PAUSED_TEXT')}</p>
      </Popup>
    );
  }
  if (!ended && host && reality) {
    const minutes = Math.floor(reality.elapsedMs / 60_000);
    const net = reality.net;
    return (
      <Popup
        title={t('REALITY_CHECK_TITLE')}
        testId="popup-reality-check"
        actions={
          <>
            <button
              className="button"
              type="button"
              data-testid="reality-quit"
              onClick={() => host.quit('reality-check')}
            >
              {t('REALITY_CHECK_QUIT')}
            </button>{' '}
            <button
              className="button"
              type="button"
              data-testid="reality-continue"
              onClick={host.continuePlaying}
            >
              {t('REALITY_CHECK_CONTINUE')}
            </button>
          </>
        }
      >
        <p data-testid="reality-elapsed" data-elapsed-ms={reality.elapsedMs}>
          {t('REALITY_CHECK_ELAPSED', { hours: Math.floor(minutes / 60), minutes: minutes % 60 })}
        </p>
        {reality.wagered !== undefined && reality.wagered !== null && (
          <p data-testid="reality-wagered" data-wagered={reality.wagered}>
            {t('REALITY_CHECK_WAGERED', { amount: formatMoney(reality.wagered, currency()) })}
          </p>
        )}
        {netPosition && (
          <p data-testid="reality-net" data-net={net}>
            {t('REALITY_CHECK_NET', {
              amount: `${net > 0 ? '+' : ''}${formatMoney(net, currency())}`,
            })}
          </p>
        )}
      </Popup>
    );
  }
  switch (top) {
    case undefined:
      return null;
    case 'session-expired':
      return (
        <Popup
          title={t('SESSION_EXPIRED_TITLE')}
          tone="error"
          testId="popup-session-expired"
          actions={logInAgain}
        >
          <p>{t('SESSION_EXPIRED_TEXT')}</p>
        </Popup>
      );
    case 'logged-out-elsewhere':
      return (
        <Popup
          title={t('SESSION_EXPIRED_TITLE')}
          tone="error"
          testId="popup-logged-out"
          actions={logInAgain}
        >
          <p>{t('LOGGED_OUT_ELSEWHERE_TEXT')}</p>
        </Popup>
      );
    case 'account-restricted':
      return (
        <Popup title={t('ACCOUNT_RESTRICTED_TITLE')} tone="error" testId="popup-account-restricted">
          <p>{t('ACCOUNT_RESTRICTED_TEXT')}</p>
        </Popup>
      );
    case 'balance-error':
      return (
        <Popup
          title={t('BALANCE_ERROR_TITLE')}
          tone="warning"
          testId="popup-balance-error"
          onClose={() => dismiss('balance-error')}
          actions={
            <button className="button" type="button" onClick={() => dismiss('balance-error')}>
              {t('CLOSE')}
            </button>
          }
        >
          <p>{t('BALANCE_ERROR_TEXT')}</p>
        </Popup>
      );
    case 'low-balance': {
      const cashier = host !== null && casinoConfigOf(rawCasino).cashier_url !== '';
      const close = () => dismiss('low-balance');
      return (
        <Popup
          title={t('LOW_BALANCE_TITLE')}
          tone="warning"
          testId="popup-low-balance"
          onClose={close}
          actions={
            <>
              {cashier && (
                <button
                  className="button"
                  type="button"
                  data-testid="low-balance-cashier"
                  onClick={() => {
                    host.openCashier();
                    close();
                  }}
                >
                  {t('LOW_BALANCE_CASHIER')}
                </button>
              )}{' '}
              <button className="button" type="button" onClick={close}>
                {t('CLOSE')}
              </button>
            </>
          }
        >
          <p>{t(cashier ? 'ERROR.2005' : 'LOW_BALANCE_TEXT')}</p>
        </Popup>
      );
    }
    case 'idle':
      return <IdlePopup onContinue={() => dismiss('idle')} />;
    case 'kicked-out':
      return (
        <Popup
          title={t('KICKOUT_TITLE')}
          tone="warning"
          testId="popup-kicked-out"
          actions={
            <button className="button" type="button" onClick={() => window.location.reload()}>
              {t('RELOAD')}
            </button>
          }
        >
          <p>{t('KICKOUT_TEXT')}</p>
        </Popup>
      );
    case 'no-internet':
      return (
        <Popup title={t('NO_INTERNET_TITLE')} tone="warning" testId="popup-no-internet">
          <p>{t('NO_INTERNET_TEXT')}</p>
          <div className="spinner" aria-hidden="true" />
        </Popup>
      );
  }
}

/**
 * The idle message: the seconds left before the server closes the session, and the way to
 * stay ("I'm still here" tells the server at once). The table is paused meanwhile.
 */
function IdlePopup({ onContinue }: { onContinue: () => void }) {
  const { t } = useTranslation();
  const { session, realtime } = useServices();
  const closesAt = useStore(session, (s) => s.idleClosesAt ?? null);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const seconds = closesAt === null ? 0 : Math.max(0, Math.ceil((closesAt - now) / 1000));
  // Past the end with no kickout: the session was kept (the page's activity heartbeat
  // told the server the player is here), so the message goes by itself.
  const kept = closesAt !== null && now > closesAt + IDLE_GRACE_MS;
  useEffect(() => {
    if (!kept) return;
    session.set((s) => ({ ...s, idleClosesAt: null }));
    onContinue();
  }, [kept, session, onContinue]);
  const stay = () => {
    realtime.post('<active/>');
    session.set((s) => ({ ...s, idleClosesAt: null }));
    onContinue();
  };
  return (
    <Popup
      title={t('IDLE_TITLE')}
      tone="warning"
      testId="popup-idle"
      onClose={stay}
      actions={
        <button className="button" type="button" data-testid="idle-continue" onClick={stay}>
          {t('IDLE_CONTINUE')}
        </button>
      }
    >
      <p data-testid="idle-seconds" data-seconds={seconds}>
        {t('IDLE_TEXT', { count: seconds })}
      </p>
    </Popup>
  );
}
