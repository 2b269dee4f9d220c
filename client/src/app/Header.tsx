// The header every page shows: the way back to the lobby, the player's name, the balance
// (and the bonus balance when the operator shows it), the operator's buttons and the
// connection, and the player's history and settings (features/history and
// features/settings, each loaded when opened). The casino
// configuration decides the operator's buttons: subtitles
// (subtitles_available), home (home_url), cashier (cashier_url: a new tab standalone, a
// message to the host page in a frame) and exit (exit_url, or always in a frame: QUIT to
// the host page). They are a SpeedDial (ui/SpeedDial) that groups them behind one "More"
// button: see `foldHeader` for when. The player's name opens the screen-name dialog
// (ScreenName), unless the operator restricts editing (restrict_nickname_edit). The
// settings lead to the player's responsible-gaming limits (features/settings). A player
// of the casino's accounts operator (lib/account) also has "Log out", last: it ends the
// player's sessions and opens the login page.
import './host.css';

import { Suspense, lazy, useCallback, useMemo, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';

import { Icon, iconProps } from '../ui/icons';
import { headerChat } from '../lib/table/useTableChat';
import { formatMoney } from '../lib/format/money';
import { convert, useRates } from '../lib/format/conversion';
import { casinoConfigOf } from '../lib/host/casino-config';
import { useLobbyLink } from '../ui/LobbyLink';
import { subtitlesEnabled } from '../lib/settings';
import { withTextPart } from '../lib/i18n';
import { useHost } from '../lib/host/context';
import { type SessionState, useServices } from '../lib/session';
import { useStore } from '../lib/store';
import { useLayout } from '../lib/viewport/useLayout';
import { useMediaQuery } from '../lib/viewport/useMediaQuery';
import { ConnectionIndicator } from '../ui/ConnectionIndicator';
import { SpeedDial, type SpeedDialItem } from '../ui/SpeedDial';
import { ScreenName } from './ScreenName';
import { goToLogin, isAccountsPlayer, logOut } from '../lib/account';

const HistoryPanel = lazy(
  withTextPart('history', () => import('../features/history/HistoryPanel')),
);
const SettingsPanel = lazy(
  withTextPart('settings', () => import('../features/settings/SettingsPanel')),
);
const ResponsibleGaming = lazy(
  withTextPart('settings', () => import('../features/settings/ResponsibleGaming')),
);

/** Below this width three or more operator buttons fold into the "More" menu. */
export const FOLD_QUERY = '(max-width: 720px)';
export const FOLD_FROM = 3;

/**
 * Whether the header's buttons are grouped behind "More". The SPEC §2/§9 speed-dial rule
 * (the viewport's `speedDialGrouped`) is about the height and groups two or more buttons
 * (one alone stays a button: a menu for it would only add a click). It says nothing about
 * the width, and a 360 px phone held upright is tall enough for it to keep the row, where
 * the brand, the balance, the bonus, three or four buttons and the connection do not fit
 * on one line: so the header also folds three or more buttons up to 720 px wide.
 */
export function foldHeader(count: number, speedDialGrouped: boolean, narrow: boolean): boolean {
  return (speedDialGrouped && count >= 2) || (narrow && count >= FOLD_FROM);
}

export function Header() {
  const { t } = useTranslation();
  const { session, currency, saveSetting, http, realtime } = useServices();
  const host = useHost();
  const balance = useStore(session, (s: SessionState) => s.balance);
  const connection = useStore(session, (s: SessionState) => s.connection);
  const rawCasino = useStore(session, (s: SessionState) => s.config?.casinoConfig ?? null);
  const accountsPlayer = useStore(session, (s: SessionState) =>
    isAccountsPlayer(s.account, s.config?.playerConfig?.player?.operatorId),
  );
  const [leaving, setLeaving] = useState(false);
  const savedSubtitles = useStore(session, (s: SessionState) =>
    subtitlesEnabled(s.config?.playerConfig.settings.subtitle_config),
  );
  const casino = useMemo(() => casinoConfigOf(rawCasino), [rawCasino]);
  const lobby = useLobbyLink();
  const conversion = useRates(http, currency().code, casino.conversion_currency);
  const converted =
    conversion && balance ? convert(balance.total, conversion[0], conversion[1]) : null;
  const [subtitles, setSubtitles] = useState<boolean | null>(null);
  const [open, setOpen] = useState<'history' | 'settings' | 'limits' | null>(null);
  // One function for the panel's life: a new one each render would re-run the panel's
  // focus effect at every header update (a connection ping).
  const closePanel = useCallback(() => setOpen(null), []);
  const openLimits = useCallback(() => setOpen('limits'), []);
  const chat = useStore(headerChat, (h) => h);
  const narrow = useMediaQuery(FOLD_QUERY);
  const speedDialGrouped = useLayout()?.speedDialGrouped ?? false;
  const subtitlesOn = subtitles ?? savedSubtitles;
  const money = currency();
  const framed = host?.framed ?? false;
  const showBonus = casino.bonus_balance && !casino.hide_bonus;

  const actions: SpeedDialItem[] = [];
  if (casino.subtitles_available)
    actions.push({
      id: 'subtitles',
      testId: 'subtitles-toggle',
      label: t('SUBTITLES'),
      pressed: subtitlesOn,
      icon: (
        <svg {...iconProps}>
          <rect x="3" y="5" width="18" height="14" rx="2" />
          <path d="M10 10.5a2 2 0 1 0 0 3M17 10.5a2 2 0 1 0 0 3" />
        </svg>
      ),
      onSelect: () => {
        const next = !subtitlesOn;
        setSubtitles(next);
        void saveSetting('subtitle_config', { enabled: next }).catch(() => {
          /* still on (or off) for this visit */
        });
      },
    });
  if (casino.home_url)
    actions.push({
      id: 'home',
      testId: 'home-button',
      label: t('HOME'),
      href: casino.home_url,
      target: '_top',
      icon: (
        <svg {...iconProps}>
          <path d="M3 11 12 3l9 8M5 9.5V21h5v-6h4v6h5V9.5" />
        </svg>
      ),
    });
  if (host && casino.cashier_url)
    actions.push({
      id: 'cashier',
      testId: 'cashier-button',
      label: t('CASHIER'),
      onSelect: host.openCashier,
      icon: (
        <svg {...iconProps}>
          <circle cx="12" cy="12" r="9" />
          <path d="M12 7.5v9M7.5 12h9" />
        </svg>
      ),
    });
  if (host && (casino.exit_url || framed))
    actions.push({
      id: 'exit',
      testId: 'exit-button',
      label: t('EXIT_GAME'),
      onSelect: () => host.quit('exit'),
      icon: (
        <svg {...iconProps}>
          <path d="M10 4H5v16h5M14 8l4 4-4 4M9 12h9" />
        </svg>
      ),
    });

  // The table's chat, at the tables without a panel strip of their own (useTableChat).
  if (chat.tableId && chat.enabled)
    actions.push({
      id: 'chat',
      testId: 'chat-toggle',
      label: chat.unread > 0 ? `${t('CHAT')} (${chat.unread})` : t('CHAT'),
      pressed: chat.open,
      onSelect: () => headerChat.set((h) => ({ ...h, open: !h.open })),
      icon: <Icon name="chat" />,
    });

  // The player's own screens come after the operator's buttons.
  actions.push({
    id: 'history',
    testId: 'history-button',
    label: t('HISTORY'),
    onSelect: () => setOpen('history'),
    icon: (
      <svg {...iconProps}>
        <path d="M3.5 12a8.5 8.5 0 1 0 2.5-6L3.5 8.5M3.5 4v4.5H8" />
        <path d="M12 7.5V12l3 2" />
      </svg>
    ),
  });
  actions.push({
    id: 'settings',
    testId: 'settings-button',
    label: t('SETTINGS'),
    onSelect: () => setOpen('settings'),
    icon: (
      <svg {...iconProps}>
        <circle cx="12" cy="12" r="3" />
        <path d="M12 2.5v3M12 18.5v3M2.5 12h3M18.5 12h3M5.3 5.3l2.1 2.1M16.6 16.6l2.1 2.1M5.3 18.7l2.1-2.1M16.6 7.4l2.1-2.1" />
      </svg>
    ),
  });

  // The player's account: log out (the session ends everywhere; then the login page).
  if (accountsPlayer)
    actions.push({
      id: 'logout',
      testId: 'logout-button',
      label: t('ACCOUNT_LOG_OUT'),
      disabled: leaving,
      onSelect: () => {
        if (leaving) return;
        setLeaving(true);
        // The socket first: the session's end would otherwise show as a popup here.
        realtime.close();
        logOut(http)
          .catch((e: unknown) => console.error('logout failed; the login page anyway', e))
          .finally(() => goToLogin());
      },
      icon: (
        <svg {...iconProps}>
          <path d="M12 3v8M6.3 7.5a8 8 0 1 0 11.4 0" />
        </svg>
      ),
    });

  return (
    <header className="app-header">
      {lobby ? (
        <a className="brand" href={lobby.href} target={lobby.target}>
          <img src="/img/logo.svg" alt={t('BACK_TO_LOBBY')} width={28} height={28} />
          <span>{t('APP_NAME')}</span>
        </a>
      ) : (
        <span className="brand">
          <img src="/img/logo.svg" alt="" width={28} height={28} />
          <span>{t('APP_NAME')}</span>
        </span>
      )}
      <ScreenName />
      <span className="wallet">
        <span className="balance" data-testid="balance" aria-live="polite">
          <span className="label">{t('BALANCE')}</span>{' '}
          <strong>{balance ? formatMoney(balance.total, money) : '…'}</strong>
        </span>
        {converted !== null && conversion && (
          <span className="converted-balance" data-testid="converted-balance">
            {t('CONVERTED_BALANCE', { amount: formatMoney(converted, conversion[1].style) })}
          </span>
        )}
        {showBonus && (
          <span className="bonus-balance" data-testid="bonus-balance" aria-live="polite">
            <span className="label">{t('BONUS_BALANCE')}</span>{' '}
            <span className="amount">{balance ? formatMoney(balance.bonus, money) : '…'}</span>
          </span>
        )}
      </span>
      {actions.length > 0 && (
        <SpeedDial
          items={actions}
          grouped={foldHeader(actions.length, speedDialGrouped, narrow)}
          label={t('HEADER_MENU')}
        />
      )}
      <ConnectionIndicator quality={connection.quality} rtt={connection.rtt} />
      {/* In the body: the header's backdrop filter would make it the dialog's frame. */}
      {open &&
        createPortal(
          <Suspense fallback={null}>
            {open === 'history' ? (
              <HistoryPanel onClose={closePanel} />
            ) : open === 'limits' ? (
              <ResponsibleGaming onClose={closePanel} />
            ) : (
              <SettingsPanel onClose={closePanel} onResponsibleGaming={openLimits} />
            )}
          </Suspense>,
          document.body,
        )}
    </header>
  );
}
