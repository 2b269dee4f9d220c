// A whole-page message (SPEC §2 page errors): a title, a text, the code support asks
// for, and what the player can do next.
import type { ReactNode } from 'react';

export function PageMessage({
  title,
  text,
  code,
  action,
}: {
  title: string;
  text: string;
  code?: string;
  action?: ReactNode;
}) {
  return (
    <main className="page-message" data-testid="page-message" data-code={code}>
      <div className="page-card">
        <h1>{title}</h1>
        <p>{text}</p>
        {action}
      </div>
    </main>
  );
}
