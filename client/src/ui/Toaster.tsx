// Short notices (a refused bet, a cancelled round), announced to screen readers.
import { type ReactNode, useEffect } from 'react';

import { createStore, useStore } from '../lib/store';

export interface Toast {
  id: number;
  text: string;
  tone: 'info' | 'warning' | 'error';
}

const toasts = createStore<Toast[]>([]);
let nextId = 1;

export function toast(text: string, tone: Toast['tone'] = 'info', ms = 3500): void {
  const id = nextId++;
  toasts.set((list) => [...list.slice(-3), { id, text, tone }]);
  setTimeout(() => toasts.set((list) => list.filter((t) => t.id !== id)), ms);
}

/** The toasts, after `children`: notices that keep their own time (app/TableClosing). */
export function Toaster({ children }: { children?: ReactNode }) {
  const list = useStore(toasts, (t) => t);
  useEffect(() => () => toasts.set([]), []);
  return (
    <div className="toaster" role="status" aria-live="polite">
      {children}
      {list.map((t) => (
        <div key={t.id} className={`toast toast-${t.tone}`} data-testid="toast">
          {t.text}
        </div>
      ))}
    </div>
  );
}
