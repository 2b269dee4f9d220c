// The popups and alerts this slice needs: session expired, account restricted, logged out
// elsewhere, balance error, and no internet (shown while the socket is down; it goes
// away by itself when the connection comes back).
import { useTranslation } from 'react-i18next';

import { type PopupKind, useServices } from '../lib/session';
import { useStore } from '../lib/store';
import { Popup } from '../ui/Popup';

export function Popups() {
  const { t } = useTranslation();
  const { session } = useServices();
  const popups = useStore(session, (s) => s.popups);
  const dismiss = (kind: PopupKind) =>
    session.set((s) => ({ ...s, popups: s.popups.filter((p) => p !== kind) }));
  const top = popups[popups.length - 1];
  switch (top) {
    case undefined:
      return null;
    case 'session-expired':
      return (
        <Popup title={t('SESSION_EXPIRED_TITLE')} tone="error" testId="popup-session-expired">
          <p>{t('SESSION_EXPIRED_TEXT')}</p>
        </Popup>
      );
    case 'logged-out-elsewhere':
      return (
        <Popup title={t('SESSION_EXPIRED_TITLE')} tone="error" testId="popup-logged-out">
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
    case 'no-internet':
      return (
        <Popup title={t('NO_INTERNET_TITLE')} tone="warning" testId="popup-no-internet">
          <p>{t('NO_INTERNET_TEXT')}</p>
          <div className="spinner" aria-hidden="true" />
        </Popup>
      );
  }
}
