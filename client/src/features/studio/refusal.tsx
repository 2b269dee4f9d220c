// Where a refusal shows: next to the controls that caused it, the last one only, as an
// alert (read out as it appears), with the card or number it was about.
import type { Refusal } from './model';

/** Where a refusal came from: it shows there. */
export type Where = 'dealer' | 'card' | 'number' | 'table' | 'chat' | 'mute' | 'closing';

/** The dealer's controls share one place for their refusals' clearing. */
const group = (where: Where) =>
  where === 'card' || where === 'number' || where === 'dealer' ? 'dealer' : where;

/** A success at `where` clears a refusal shown for the same controls. */
export const clearedBy = (where: Where) => (s: Shown | null) =>
  s && group(s.where) === group(where) ? null : s;

export interface Shown {
  where: Where;
  refusal: Refusal;
  /** The card or number the refusal was about. */
  entry?: string;
}

/** The last refusal, where it belongs (role=alert: read out as it appears). */
export function RefusalText({
  shown,
  where,
  id,
}: {
  shown: Shown | null;
  where: Where | Where[];
  id?: string;
}) {
  const here = Array.isArray(where) ? where : [where];
  if (!shown || !here.includes(shown.where)) return null;
  return (
    <p className="console-alert" role="alert" id={id} data-testid="studio-error">
      {shown.entry && (
        <>
          <strong className="console-alert-entry">
            <bdi>{shown.entry}</bdi>
          </strong>{' '}
        </>
      )}
      {/* The server's words may be in another script than the page's. */}
      <bdi>{shown.refusal.text}</bdi>
    </p>
  );
}
