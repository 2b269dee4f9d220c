// Lifecycle events for the host page (SPEC section 4): a `croupier:lifecycle` CustomEvent
// on window whose detail is `{ name, ...detail }`. lib/host relays each one to the page
// that embeds the client as a LIFECYCLE message (docs/host-messages.md); nothing else
// depends on anyone listening. Who sends which:
// - launch start (app/start), initialised (the configuration read: app/App), launch end
//   (the preloader gone: app/App), relaunch (the same table again within 30 s: a refresh,
//   lib/refresh);
// - switch (another table in place: app/App);
// - idle (the idle message: app/start), reconnecting (the socket lost: app/start);
// - place bet, not all bets accepted, rejected bet (a bet command's answer:
//   lib/table/useBetting);
// - autoplay start, stopped, completed (blackjack);
// - video initialised (its first frame played), video closed (the stream closed: the game
//   paused, the session ended, the player left the table), video error (the stream failed
//   or gave no frame in time: the drawn studio shows instead), each with { tableId,
//   rendition } (ui/TableVideo).
export const LIFECYCLE_EVENT = 'croupier:lifecycle';

export type LifecycleName =
  | 'launch start'
  | 'initialised'
  | 'launch end'
  | 'relaunch'
  | 'switch'
  | 'idle'
  | 'reconnecting'
  | 'place bet'
  | 'not all bets accepted'
  | 'rejected bet'
  | 'autoplay start'
  | 'autoplay stopped'
  | 'autoplay completed'
  | 'video initialised'
  | 'video closed'
  | 'video error';

export function emitLifecycle(name: LifecycleName, detail: Record<string, unknown> = {}): void {
  if (typeof window === 'undefined') return;
  window.dispatchEvent(new CustomEvent(LIFECYCLE_EVENT, { detail: { name, ...detail } }));
}
