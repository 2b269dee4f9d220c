// An accessible modal dialog: focus moves into it, Escape closes it when it can be closed.
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
  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    ref.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && onClose) onClose();
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
