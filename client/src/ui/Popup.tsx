// An accessible modal dialog: focus moves into it, Escape closes it when it can be closed
// (the topmost only, when one opened over another).
import { type ReactNode, useEffect, useRef } from 'react';

export interface PopupProps {
  title: string;
  children: ReactNode;
  onClose?: () => void;
  actions?: ReactNode;
  tone?: 'info' | 'warning' | 'error';
  testId?: string;
  /** Added to the dialog's classes (its size: a wide panel, a full-screen sheet). */
  className?: string;
  /** The id of the text that describes the dialog (aria-describedby). */
  describedBy?: string;
}

/** The popups showing, the latest opened last: Escape closes only the topmost. */
const open: object[] = [];

export function Popup({
  title,
  children,
  onClose,
  actions,
  tone = 'info',
  testId,
  className = '',
  describedBy,
}: PopupProps) {
  const ref = useRef<HTMLDivElement>(null);
  const self = useRef({});
  useEffect(() => {
    const me = self.current;
    open.push(me);
    return () => {
      const i = open.lastIndexOf(me);
      if (i >= 0) open.splice(i, 1);
    };
  }, []);
  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    ref.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && onClose && open[open.length - 1] === self.current) onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
      previous?.focus?.();
    };
  }, [onClose]);
  const id = `popup-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <div className="popup-backdrop">
      <div
        className={`popup popup-${tone} ${className}`.trim()}
        role="dialog"
        aria-modal="true"
        aria-labelledby={id}
        aria-describedby={describedBy}
        tabIndex={-1}
        ref={ref}
        data-testid={testId}
      >
        <h2 id={id}>{title}</h2>
        <div className="popup-body">{children}</div>
        {(actions || onClose) && <div className="popup-actions">{actions}</div>}
      </div>
    </div>
  );
}
