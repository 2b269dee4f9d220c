// The app's own dialogs that wait for their turn (app/BonusOffers, app/ItalianSession): each
// says here when it shows (or, for the Italian session's, has one to show), so that the
// other waits and two focus traps are never active at once. The Italian session's dialogs
// go first: a bonus offer steps aside for them (it stays pending and comes back after).
import { createStore } from './store';

export interface DialogTurns {
  /** The Italian session has a dialog to show (shown, or waiting for its turn). */
  italian: boolean;
  /** A bonus offer shows. */
  bonus: boolean;
}

export const dialogTurns = createStore<DialogTurns>({ italian: false, bonus: false });

/** Sets one of the flags (a no-op when it already has that value). */
export function setDialogTurn(which: keyof DialogTurns, on: boolean): void {
  dialogTurns.set((d) => (d[which] === on ? d : { ...d, [which]: on }));
}
