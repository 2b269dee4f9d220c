// Lifecycle events for the host page (SPEC section 4: launch start/end, autoplay
// start/stopped/completed, …): a `croupier:lifecycle` CustomEvent on window whose detail
// is `{ name, ...detail }`. A host that embeds the client listens for it (or relays it
// with postMessage); nothing in the client depends on anyone listening.
export const LIFECYCLE_EVENT = 'croupier:lifecycle';

export type LifecycleName = 'autoplay start' | 'autoplay stopped' | 'autoplay completed';

export function emitLifecycle(name: LifecycleName, detail: Record<string, unknown> = {}): void {
  if (typeof window === 'undefined') return;
  window.dispatchEvent(new CustomEvent(LIFECYCLE_EVENT, { detail: { name, ...detail } }));
}
