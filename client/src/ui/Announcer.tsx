// What screen readers are told as it happens: a round's result, a bet the table accepted
// or gave back. One polite live region, always on the page (a region that appears with
// its text is not reliably read), holds the latest message; a new message replaces the
// old one, and the same words twice are read twice.
import { useCallback, useEffect, useRef } from 'react';

import { createStore, useStore } from '../lib/store';

const spoken = createStore<{ id: number; text: string } | null>(null);
let nextId = 1;

/** Tells screen readers `text` (politely: after what they are reading). */
export function announce(text: string): void {
  if (text.trim()) spoken.set({ id: nextId++, text });
}

/** The words of an element as a screen reader reads them: aria-hidden parts left out. */
export function spokenText(el: Element): string {
  const words: string[] = [];
  const walk = (node: Node) => {
    if (node.nodeType === Node.TEXT_NODE) {
      const text = node.textContent?.trim();
      if (text) words.push(text);
    } else if (node instanceof Element && node.getAttribute('aria-hidden') !== 'true') {
      const label = node.getAttribute('aria-label');
      if (label && node.getAttribute('role') === 'img') words.push(label);
      else node.childNodes.forEach(walk);
    }
  };
  walk(el);
  return words.join(' ');
}

/**
 * A ref for an element whose words are announced whenever they change while it is shown
 * (a result banner: the result, then the player's win when it comes).
 */
export function useAnnounced(): (el: Element | null) => void {
  const element = useRef<Element | null>(null);
  const said = useRef('');
  const ref = useCallback((el: Element | null) => {
    element.current = el;
    if (!el) said.current = '';
  }, []);
  useEffect(() => {
    const el = element.current;
    if (!el) return;
    const text = spokenText(el);
    if (text !== said.current) {
      said.current = text;
      announce(text);
    }
  });
  return ref;
}

export function Announcer() {
  const message = useStore(spoken, (m) => m);
  useEffect(() => () => spoken.set(null), []);
  return (
    <div className="sr-only" role="status" aria-live="polite" data-testid="announcer">
      {message && <p key={message.id}>{message.text}</p>}
    </div>
  );
}
