// The slot page's controller: reads the slot's state, sends spins (one at a time), times
// the reels' stops and keeps the app's balance in step with the answers.
//
// - A spin carries the line bet, a requestId of its own, the commitment the client holds
//   and the player's client seed. A 409 with code 2001 brings the server's commitment: the
//   spin is sent once more with it, under a new requestId, and its result is shown.
// - No answer at all (the network, a 5xx): the same request is sent again, up to
//   SPIN_RESENDS times; the server answers a repeated requestId with the spin it made, so a
//   spin is never paid twice. After that the state is read again (the balance and the
//   commitment may have moved).
// - A refusal shows its code (SPEC §8); it carries the next commitment, which the client
//   takes (a refused spin may have used its seed up). 10104 also opens the low-balance
//   popup and tells the host page.
// - The balance: the answer's, less its win, while the reels turn (the stake is gone),
//   then the answer's once they stop (or at once without motion, or when the page goes).
import { useCallback, useEffect, useLayoutEffect, useReducer, useRef } from 'react';

import { motionReduced } from '../../lib/a11y/motion';
import { getClientSeed } from '../../lib/fair/clientSeed';
import { type Units, amountText } from '../../lib/format/money';
import { useHost } from '../../lib/host/context';
import { HttpError } from '../../lib/http/http';
import { urlOf } from '../../lib/http/urls';
import { useServices } from '../../lib/session';
import { LOW_BALANCE_CODES } from '../../lib/table/useBetting';
import { type SpinAnswer, parseSlotState, parseSpinAnswer, refusalOf } from './model';
import { type SlotView, canSpin, canStop, initialSlotView, slotReducer } from './slot-state';

/** The refusal whose answer carries the server's commitment (HTTP 409). */
export const STALE_COMMITMENT_CODE = 2001;
/** The code shown when a spin got no answer (SPEC §8 4001: check the connection). */
export const NO_ANSWER_CODE = 4001;
/** The code shown for an answer that cannot be read (SPEC §8 1001: a server problem). */
export const BAD_ANSWER_CODE = 1001;
/** How many times a spin without an answer is sent again, with the same requestId. */
export const SPIN_RESENDS = 2;

/** The reels' timing (ms); tests shorten it. */
export const SPIN_TIMING = {
  /** The reels turn at least this long from the press. */
  minSpinMs: 900,
  /** Between one reel's stop and the next's. */
  reelGapMs: 250,
  /** Before a spin without an answer is sent again (times the attempt). */
  resendDelayMs: 400,
};

const requestPrefix = Math.random().toString(36).slice(2, 10);
let requestCounter = 0;
/** A new spin's requestId: never one used before on this page. */
export const nextSpinId = () => `s-${requestPrefix}-${++requestCounter}`;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export interface SlotControls {
  view: SlotView;
  /** Spins; while the reels turn on an answer, stops them at once instead. */
  spin: () => Promise<void>;
  chooseLineBet: (lineBet: Units) => void;
  reload: () => Promise<void>;
}

export function useSlot(slotId: string): SlotControls {
  const { http, session, showPopup } = useServices();
  const host = useHost();
  const [view, dispatch] = useReducer(slotReducer, initialSlotView);
  // Written as the view commits, before any click can come (a passive effect may run after
  // one: a press as the page appears found no commitment yet and did nothing).
  const latest = useRef(view);
  useLayoutEffect(() => {
    latest.current = view;
  }, [view]);
  // A request on its way (set before the reducer has seen the spin).
  const busy = useRef(false);
  const startedAt = useRef(0);
  // The spin whose final balance has been written.
  const settled = useRef<string | null>(null);

  const setBalance = useCallback(
    (total: Units | null, bonus: Units | null) => {
      if (total === null) return;
      session.set((s) => ({ ...s, balance: { total, bonus: bonus ?? s.balance?.bonus ?? 0 } }));
    },
    [session],
  );

  const reload = useCallback(async () => {
    try {
      const state = parseSlotState(await http.get<unknown>(urlOf('slotState'), { slotId }));
      if (!state) throw new Error(`slot ${slotId}: the state cannot be read`);
      dispatch({ type: 'loaded', state });
      setBalance(state.balance, state.bonusBalance);
    } catch (e) {
      console.error(`slot ${slotId}: the state could not be loaded`, e);
      dispatch({ type: 'load-failed' });
    }
  }, [http, slotId, setBalance]);

  useEffect(() => {
    // The state, read once as the page opens (and again after a lost spin).
    void reload();
  }, [reload]);

  const answered = useCallback(
    (answer: SpinAnswer, animate: boolean) => {
      dispatch({ type: 'answer', answer });
      if (animate) {
        setBalance(
          answer.balance === null ? null : answer.balance - answer.win,
          answer.bonusBalance,
        );
      } else {
        settled.current = answer.requestId;
        setBalance(answer.balance, answer.bonusBalance);
      }
    },
    [setBalance],
  );

  const refuse = useCallback(
    (requestId: string, code: number | null, fairHash: string | null = null) => {
      dispatch({ type: 'refused', requestId, code, fairHash });
      if (code !== null && LOW_BALANCE_CODES.includes(code)) {
        showPopup('low-balance');
        host?.balanceTooLow({ slotId });
      }
    },
    [showPopup, host, slotId],
  );

  const spin = useCallback(async () => {
    const v = latest.current;
    if (canStop(v)) {
      dispatch({ type: 'stop-all' });
      return;
    }
    if (busy.current || !canSpin(v)) return;
    busy.current = true;
    const config = v.config!;
    const lineBet = amountText(v.lineBet);
    const animate = !motionReduced();
    let requestId = nextSpinId();
    let commitment = v.commitment!;
    let retried = false;
    let resends = 0;
    startedAt.current = Date.now();
    dispatch({ type: 'spin', requestId, animate });
    try {
      for (;;) {
        let raw: unknown;
        try {
          raw = await http.post<unknown>(urlOf('slotSpin'), {
            slotId,
            lineBet,
            requestId,
            fairHash: commitment,
            clientSeed: getClientSeed(),
          });
        } catch (e) {
          const err = e instanceof HttpError ? e : new HttpError('network', 0, String(e));
          const body = refusalOf(err.body);
          const code = err.code ?? body.code;
          if (err.status === 409 && code === STALE_COMMITMENT_CODE && body.fairHash && !retried) {
            // The server holds another commitment: take it and spin once more.
            retried = true;
            const next = nextSpinId();
            dispatch({ type: 'new-commitment', requestId, next, fairHash: body.fairHash });
            requestId = next;
            commitment = body.fairHash;
            continue;
          }
          const unanswered = err.problem === 'network' || err.status >= 500;
          if (unanswered && resends < SPIN_RESENDS) {
            resends++;
            await sleep(SPIN_TIMING.resendDelayMs * resends);
            continue;
          }
          if (unanswered) {
            // The server's own refusal when it gave one (503 2001: the ledger could not take
            // the spin), else no answer at all; either way the state is read again.
            refuse(requestId, code ?? NO_ANSWER_CODE, body.fairHash);
            void reload();
          } else if (err.problem === 'http') {
            refuse(requestId, code ?? BAD_ANSWER_CODE, body.fairHash);
          } else {
            refuse(requestId, null); // 401/403: the app's own popup says it
          }
          return;
        }
        const answer = parseSpinAnswer(raw, config);
        if (!answer || answer.requestId !== requestId) {
          console.error(`slot ${slotId}: a spin answer that cannot be read`, raw);
          refuse(requestId, BAD_ANSWER_CODE);
          void reload();
          return;
        }
        answered(answer, animate);
        return;
      }
    } finally {
      busy.current = false;
    }
  }, [http, slotId, answered, refuse, reload]);

  // The reels stop one after another, left to right, once the answer is in.
  const { phase, pending, shown, animate, config } = view;
  useEffect(() => {
    if (phase !== 'spinning' || pending || !shown || !animate || !config) return;
    const first = Math.max(0, startedAt.current + SPIN_TIMING.minSpinMs - Date.now());
    const timers = Array.from({ length: config.reels }, (_, reel) =>
      setTimeout(
        () => dispatch({ type: 'reel-stopped', reel }),
        first + reel * SPIN_TIMING.reelGapMs,
      ),
    );
    return () => timers.forEach(clearTimeout);
  }, [phase, pending, shown, animate, config]);

  // The win reaches the balance when the reels have stopped, or when the page goes.
  useEffect(() => {
    if (phase !== 'result' || !shown || settled.current === shown.requestId) return;
    settled.current = shown.requestId;
    setBalance(shown.balance, shown.bonusBalance);
  }, [phase, shown, setBalance]);
  useEffect(
    () => () => {
      const last = latest.current.shown;
      if (last && settled.current !== last.requestId) {
        settled.current = last.requestId;
        setBalance(last.balance, last.bonusBalance);
      }
    },
    [setBalance],
  );

  const chooseLineBet = useCallback(
    (lineBet: Units) => dispatch({ type: 'line-bet', lineBet }),
    [],
  );

  return { view, spin, chooseLineBet, reload };
}
