// Lifecycle events for the host page (SPEC section 4: launch start/end, autoplay
// start/stopped/completed, …): a `croupier:lifecycle` CustomEvent on window whose detail
// is `{ name, ...detail }`. lib/host relays each one to the page that embeds the client
// as a LIFECYCLE message (docs/host-messages.md); nothing else depends on anyone listening.
export const LIFECYCLE_EVENT = 'croupier:lifecycle';

export type LifecycleName = 'autoplay start' | 'autoplay stopped' | 'autoplay completed' | 'switch';

export function emitLifecycle(name: LifecycleName, detail: Record<string, unknown> = {}): void {
  if (typeof window === 'undefined') return;
  window.dispatchEvent(new CustomEvent(LIFECYCLE_EVENT, { detail: { name, ...detail } }));
}
