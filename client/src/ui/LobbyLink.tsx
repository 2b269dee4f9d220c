// The way back to the lobby, wherever a page offers one (the header's logo, the tables'
// lobby button, the missing-table and not-seated pages): Croupier's lobby; the operator's
// own (home_url, in the top window) where its clr_desktop/clr_mobile name it; none at all
// after a launch with lobby=false (SPEC §2), for the whole visit of the tab.
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

import { casinoConfigOf, operatorLobby } from '../lib/host/casino-config';
import { type SessionState, useServices } from '../lib/session';
import { type Store, useStore } from '../lib/store';

export interface LobbyTarget {
  href: string;
  /** The operator's lobby replaces the whole page, frame or not. */
  target?: '_top';
}

/** The way back to the lobby for the session in `session` (App, which provides it). */
export function useLobbyLinkOf(session: Store<SessionState>): LobbyTarget | null {
  const noLobby = useStore(session, (s) => s.noLobby === true);
  const raw = useStore(session, (s) => s.config?.casinoConfig ?? null);
  const mobile = useStore(session, (s) => s.mobile);
  return useMemo(() => {
    if (noLobby) return null;
    const own = operatorLobby(casinoConfigOf(raw), mobile);
    return own ? { href: own, target: '_top' } : { href: '/play/lobby' };
  }, [noLobby, raw, mobile]);
}

export function useLobbyLink(): LobbyTarget | null {
  return useLobbyLinkOf(useServices().session);
}

/** "Back to the lobby" as a button-styled link; nothing when the player has no lobby. */
export function BackToLobby() {
  const { t } = useTranslation();
  const lobby = useLobbyLink();
  if (!lobby) return null;
  return (
    <a className="button" href={lobby.href} target={lobby.target}>
      {t('BACK_TO_LOBBY')}
    </a>
  );
}
