// What the slot page shows, derived by a pure reducer from the slot's state answer, the
// player's choices and the spin answers (the slots protocol):
//
//   idle ──spin──▶ spinning ──answer──▶ (the reels stop, left to right) ──▶ result
//     ▲               │                                                   │
//     └──refused──────┘◀──────────────────────spin────────────────────────┘
//
// A spin holds one request at a time (`pending`): a second spin while one is pending, or
// while the reels still turn, changes nothing, so a double click sends one request. Each
// spin has a requestId of its own; a 409 with the server's commitment (code 2001) takes
// that commitment and spins once more under a new requestId (`retried`), never twice.
// The commitment the client held when it sent the spin stays with the spin's record, for
// the provably fair check.
import type { Units } from '../../lib/format/money';
import type { SlotConfig, SlotState, SpinAnswer } from './model';

export type Phase = 'idle' | 'spinning' | 'result';

/** The spins kept in the page's list, newest first. */
export const SPINS_MAX = 20;

/** A spin as the page keeps it: the answer, its line bet and the commitment sent with it. */
export interface SpinRecord extends SpinAnswer {
  lineBet: Units;
  commitment: string;
}

export interface Pending {
  requestId: string;
  lineBet: Units;
  commitment: string;
  /** Sent again once already, with the commitment a 409 gave. */
  retried: boolean;
}

export interface SlotView {
  config: SlotConfig | null;
  failed: boolean;
  /** The commitment to the next spin's seed, as the client holds it. */
  commitment: string | null;
  lineBet: Units;
  phase: Phase;
  /** Whether the reels turn while spinning (false: motion off, the grid shows at once). */
  animate: boolean;
  pending: Pending | null;
  /** The spin on the reels (the last answered), null before the first. */
  shown: SpinRecord | null;
  /** How many reels, from the left, have stopped on the shown spin. */
  stopped: number;
  spins: SpinRecord[];
  /** The code of the last refusal, until the next spin. */
  error: number | null;
}

export const initialSlotView: SlotView = {
  config: null,
  failed: false,
  commitment: null,
  lineBet: 0,
  phase: 'idle',
  animate: true,
  pending: null,
  shown: null,
  stopped: 0,
  spins: [],
  error: null,
};

export type SlotAction =
  | { type: 'loaded'; state: SlotState }
  | { type: 'load-failed' }
  | { type: 'line-bet'; lineBet: Units }
  | { type: 'spin'; requestId: string; animate: boolean }
  | { type: 'answer'; answer: SpinAnswer }
  | { type: 'new-commitment'; requestId: string; next: string; fairHash: string }
  | { type: 'refused'; requestId: string; code: number | null; fairHash?: string | null }
  | { type: 'reel-stopped'; reel: number }
  | { type: 'stop-all' };

/** Whether a spin may start now. */
export function canSpin(v: SlotView): boolean {
  return v.config !== null && v.commitment !== null && v.lineBet > 0 && v.phase !== 'spinning';
}

/** Whether the reels are still turning on an answered spin (a press stops them at once). */
export function canStop(v: SlotView): boolean {
  return v.phase === 'spinning' && v.pending === null && v.shown !== null;
}

/** Whether reel `reel` is drawn turning. */
export function reelTurning(v: SlotView, reel: number): boolean {
  return v.phase === 'spinning' && v.animate && (v.pending !== null || reel >= v.stopped);
}

function stoppedAt(v: SlotView, stopped: number): SlotView {
  const reels = v.config?.reels ?? 0;
  const n = Math.min(reels, Math.max(v.stopped, stopped));
  return { ...v, stopped: n, phase: n >= reels ? 'result' : v.phase };
}

export function slotReducer(v: SlotView, a: SlotAction): SlotView {
  switch (a.type) {
    case 'loaded': {
      const { config, fairHash } = a.state;
      const lineBet = config.lineBets.includes(v.lineBet) ? v.lineBet : config.defaultLineBet;
      // A spin on its way keeps the commitment it was sent with; its answer brings the next.
      return {
        ...v,
        config,
        failed: false,
        lineBet,
        commitment: v.pending ? v.commitment : fairHash,
        stopped: v.phase === 'spinning' ? v.stopped : config.reels,
      };
    }
    case 'load-failed':
      return v.config ? v : { ...v, failed: true };
    case 'line-bet':
      if (!v.config || v.phase === 'spinning' || !v.config.lineBets.includes(a.lineBet)) return v;
      return { ...v, lineBet: a.lineBet };
    case 'spin':
      if (!canSpin(v)) return v;
      return {
        ...v,
        phase: 'spinning',
        animate: a.animate,
        pending: {
          requestId: a.requestId,
          lineBet: v.lineBet,
          commitment: v.commitment!,
          retried: false,
        },
        stopped: 0,
        error: null,
      };
    case 'answer': {
      const p = v.pending;
      if (!p || a.answer.requestId !== p.requestId || !v.config) return v;
      const record: SpinRecord = { ...a.answer, lineBet: p.lineBet, commitment: p.commitment };
      const next: SlotView = {
        ...v,
        pending: null,
        shown: record,
        commitment: a.answer.fairHash,
        spins: [record, ...v.spins].slice(0, SPINS_MAX),
        stopped: 0,
      };
      return v.animate ? next : stoppedAt(next, v.config.reels);
    }
    case 'new-commitment': {
      const p = v.pending;
      if (!p || p.requestId !== a.requestId || p.retried) return v;
      return {
        ...v,
        commitment: a.fairHash,
        pending: { ...p, requestId: a.next, commitment: a.fairHash, retried: true },
      };
    }
    case 'refused': {
      if (!v.pending || v.pending.requestId !== a.requestId) return v;
      return {
        ...v,
        pending: null,
        phase: 'idle',
        stopped: v.config?.reels ?? 0,
        error: a.code,
        commitment: a.fairHash ?? v.commitment,
      };
    }
    case 'reel-stopped':
      if (!canStop(v)) return v;
      return stoppedAt(v, a.reel + 1);
    case 'stop-all':
      if (!canStop(v)) return v;
      return stoppedAt(v, v.config?.reels ?? 0);
  }
}
