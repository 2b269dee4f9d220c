import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import { initEnglishI18n } from '../../lib/i18n';
import en from '../../lib/i18n/locales/en.json';
import { HttpError } from '../../lib/http/http';
import { Announcer, spokenText } from '../../ui/Announcer';
import { gridAt } from './model';
import SlotPage, { WIN_STEP_MS } from './SlotPage';
import {
  HASH_0,
  HASH_1,
  HASH_2,
  HASH_3,
  LOSE_GRID,
  SEED_0,
  STATE,
  STRIPS,
  answerTo,
  refusal,
  renderSlot,
  type Post,
} from './slot.test-util';
import { SPIN_TIMING } from './useSlot';

beforeAll(async () => {
  await initEnglishI18n(en);
});

const TIMING = { ...SPIN_TIMING };
beforeEach(() => {
  document.documentElement.dataset.anim = 'off';
  Object.assign(SPIN_TIMING, { resendDelayMs: 0 });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
  Object.assign(SPIN_TIMING, TIMING);
  delete document.documentElement.dataset.anim;
});

function open(options: { post?: Post; get?: () => Promise<unknown> } = {}) {
  return renderSlot(
    <>
      <SlotPage slotId="fruits" />
      <Announcer />
    </>,
    options,
  );
}

const page = () => screen.getByTestId('slot-page');
const spinButton = () => screen.getByTestId('spin-button');
const phase = () => page().getAttribute('data-phase');
const ready = () => screen.findByTestId('spin-button');
// Generous: the whole suite runs in parallel (its files side by side on two cores), and a
// spin is a few promises away.
const WAIT = { timeout: 10_000 };
const result = () => waitFor(() => expect(phase()).toBe('result'), WAIT);
const balance = (s: ReturnType<typeof open>) => s.session.get().balance?.total;

/** A post that waits until `release` is called, then answers. */
function held() {
  let release: () => void = () => {};
  const post: Post = (_path, body) =>
    new Promise((resolve) => {
      release = () => resolve(answerTo(body));
    });
  return { post, release: () => release() };
}

describe('the slot page', () => {
  it('reads the state: the reels, the line bet and the total of its 20 lines', async () => {
    const s = open();
    await ready();
    expect(s.http.get).toHaveBeenCalledWith('/api/ui/slot/state', { slotId: 'fruits' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Croupier Fruits');
    const reels = within(screen.getByRole('group', { name: 'Reels' }));
    expect(reels.getAllByRole('list')).toHaveLength(5);
    expect(reels.getAllByRole('listitem')).toHaveLength(15);
    expect(screen.getByRole('combobox', { name: 'Line bet' })).toHaveDisplayValue('€0.05');
    expect(screen.getByTestId('total-bet')).toHaveAttribute('data-amount', '1.00');
    expect(screen.getByTestId('total-bet')).toHaveTextContent('20 lines × €0.05');
    expect(screen.getByTestId('slot-commitment')).toHaveTextContent(HASH_0);
    expect(balance(s)).toBe(100_00000);
  });

  it('shows the answer: the grid, the paying cells and lines, the win, the balance, spoken', async () => {
    const s = open();
    await ready();
    fireEvent.click(spinButton());
    await result();
    const reels = screen.getByTestId('slot-reels');
    expect(reels).toHaveAttribute(
      'data-grid',
      'CHERRY,BELL,LEMON|WILD,BELL,PLUM|BELL,SEVEN,CHERRY|ORANGE,BELL,BAR|LEMON,PLUM,CHERRY',
    );
    // Each cell is named: reel 2 (index 1) reads wild, bell, plum from the top.
    const reel2 = within(screen.getByRole('list', { name: 'Reel 2' }));
    expect(reel2.getAllByRole('listitem').map((c) => spokenText(c))).toEqual([
      'Wild',
      'Bell',
      'Plum',
    ]);
    // Line 1, the middle row, pays on the first four reels.
    const lit = Array.from(reels.querySelectorAll('[data-lit="true"]')).map(
      (c) => `${c.closest('[data-reel]')!.getAttribute('data-reel')}:${c.getAttribute('data-row')}`,
    );
    expect(lit).toEqual(['0:1', '1:1', '2:1', '3:1']);
    expect(within(reels).getByTestId('slot-lines').querySelector('[data-line="1"]')).not.toBeNull();
    const win = within(screen.getByTestId('slot-wins')).getByText('Line 1: 4 × Bell pays €2.50');
    expect(win.closest('li')).toHaveAttribute('data-pay', '2.50');
    expect(screen.getByTestId('slot-win')).toHaveAttribute('data-amount', '2.50');
    expect(balance(s)).toBe(101_50000);
    await waitFor(() =>
      expect(screen.getByTestId('announcer')).toHaveTextContent(
        'You win €2.50. Line 1: 4 × Bell pays €2.50',
      ),
    );
    expect(screen.getByTestId('slot-spins').querySelectorAll('li')).toHaveLength(1);
    // The answer's commitment is the next spin's.
    expect(screen.getByTestId('slot-commitment')).toHaveTextContent(HASH_1);
  });

  it('says when a spin wins nothing', async () => {
    open({
      post: async (_p, body) =>
        answerTo(body, { win: '0.00', wins: [], grid: LOSE_GRID, balance: '99.00' }),
    });
    await ready();
    fireEvent.click(spinButton());
    await result();
    expect(screen.getByTestId('slot-outcome')).toHaveTextContent('No win this time');
    expect(screen.getByTestId('slot-reels').querySelector('[data-lit]')).toBeNull();
    // The live region speaks a task later.
    await waitFor(
      () => expect(screen.getByTestId('announcer')).toHaveTextContent('No win this time'),
      WAIT,
    );
  });

  it('sends the line bet chosen; the total bet is 20 times it', async () => {
    const s = open();
    await ready();
    fireEvent.change(screen.getByTestId('slot-line-bet'), { target: { value: '100000' } });
    expect(screen.getByTestId('total-bet')).toHaveAttribute('data-amount', '20.00');
    fireEvent.click(spinButton());
    await result();
    expect(s.posted[0]).toMatchObject({ slotId: 'fruits', lineBet: '1.00', fairHash: HASH_0 });
    expect(s.http.post).toHaveBeenCalledWith('/api/ui/slot/spin', expect.any(Object));
    expect(typeof s.posted[0]!.clientSeed).toBe('string');
  });

  it('sends one request for a double click, and a new requestId for each new spin', async () => {
    const h = held();
    const s = open({ post: h.post });
    await ready();
    fireEvent.click(spinButton());
    fireEvent.click(spinButton());
    // The request goes out a task later on a busy machine: wait for it, then make sure no
    // second one follows.
    const settle = () => act(async () => new Promise((done) => setTimeout(done, 50)));
    await waitFor(() => expect(s.posted).toHaveLength(1), WAIT);
    await settle();
    expect(s.posted).toHaveLength(1);
    expect(spinButton()).toHaveAttribute('aria-disabled', 'true');
    expect(spinButton()).toHaveTextContent('Spinning…');
    fireEvent.click(spinButton());
    await settle();
    expect(s.posted).toHaveLength(1);
    await act(async () => h.release());
    await result();
    for (let i = 0; i < 2; i++) {
      fireEvent.click(spinButton());
      await act(async () => h.release());
      await waitFor(() => expect(s.posted).toHaveLength(i + 2), WAIT);
      await result();
    }
    const ids = s.posted.map((b) => b.requestId);
    expect(new Set(ids).size).toBe(3);
    // Each spin is sent with the commitment the last answer gave.
    expect(s.posted.map((b) => b.fairHash)).toEqual([HASH_0, HASH_1, HASH_1]);
  });

  it('spins with Enter or Space on the focused button, and with no key elsewhere', async () => {
    const user = userEvent.setup();
    const s = open();
    await ready();
    await user.keyboard(' ');
    await user.keyboard('{Enter}');
    expect(s.posted).toHaveLength(0);
    spinButton().focus();
    await user.keyboard('{Enter}');
    await result();
    expect(s.posted).toHaveLength(1);
    expect(spinButton()).toHaveFocus();
    await user.keyboard(' ');
    await waitFor(() => expect(s.posted).toHaveLength(2), WAIT);
  });

  it('takes the new commitment of a 409, spins once more under a new requestId, shows it', async () => {
    const calls: Record<string, unknown>[] = [];
    const s = open({
      post: async (_p, body) => {
        calls.push(body);
        if (calls.length === 1)
          throw refusal(409, { error: 'FAIR_HASH', code: 2001, fairHash: HASH_2, message: 'x' });
        return answerTo(body, { fairHash: HASH_3 });
      },
    });
    await ready();
    fireEvent.click(spinButton());
    await result();
    expect(s.posted).toHaveLength(2);
    expect(s.posted[1]!.fairHash).toBe(HASH_2);
    expect(s.posted[1]!.requestId).not.toBe(s.posted[0]!.requestId);
    expect(s.posted[1]!.lineBet).toBe(s.posted[0]!.lineBet);
    expect(screen.getByTestId('slot-error')).toHaveTextContent('');
    expect(screen.getByTestId('slot-win')).toHaveAttribute('data-amount', '2.50');
    expect(screen.getByTestId('slot-commitment')).toHaveTextContent(HASH_3);
    // The spin is checked against the commitment it was sent with.
    fireEvent.click(screen.getByTestId('fair-toggle'));
    const spin = screen.getByTestId('slot-fair-spin');
    expect(spin).toHaveTextContent(HASH_2);
  });

  it('spins again after a 409 only once: a second one shows 2001 and keeps its commitment', async () => {
    const s = open({
      post: async () => {
        throw refusal(409, { error: 'FAIR_HASH', code: 2001, fairHash: HASH_2 });
      },
    });
    await ready();
    fireEvent.click(spinButton());
    await waitFor(
      () => expect(screen.getByTestId('slot-error')).toHaveAttribute('data-code', '2001'),
      WAIT,
    );
    expect(s.posted).toHaveLength(2);
    expect(screen.getByTestId('slot-error')).toHaveTextContent('The action failed. Please retry.');
    expect(phase()).toBe('idle');
    expect(screen.getByTestId('slot-commitment')).toHaveTextContent(HASH_2);
  });

  it('shows a refusal by its code: 10104 with the low-balance popup, 1005', async () => {
    let code = 10104;
    const s = open({
      post: async () => {
        throw refusal(400, { error: 'X', code, message: 'm', fairHash: HASH_3 });
      },
    });
    await ready();
    fireEvent.click(spinButton());
    const error = screen.getByTestId('slot-error');
    await waitFor(() => expect(error).toHaveAttribute('data-code', '10104'), WAIT);
    expect(error).toHaveTextContent('You do not have enough funds for this bet.');
    expect(error).toHaveAttribute('role', 'alert');
    expect(s.services.showPopup).toHaveBeenCalledWith('low-balance');
    expect(balance(s)).toBe(100_00000);
    // The refusal's commitment is the next spin's (the refused spin used its seed up).
    expect(screen.getByTestId('slot-commitment')).toHaveTextContent(HASH_3);
    code = 1005;
    fireEvent.click(spinButton());
    await waitFor(() => expect(error).toHaveAttribute('data-code', '1005'), WAIT);
    expect(error).toHaveTextContent('Invalid bet.');
    expect(s.services.showPopup).toHaveBeenCalledTimes(1);
    expect(phase()).toBe('idle');
  });

  it('sends a spin without an answer again with the same requestId, then reads the state', async () => {
    let failures = 3;
    const s = open({
      post: async (_p, body) => {
        if (failures-- > 0) throw new HttpError('network', 0, 'TypeError: Failed to fetch');
        return answerTo(body);
      },
    });
    await ready();
    fireEvent.click(spinButton());
    await waitFor(
      () => expect(screen.getByTestId('slot-error')).toHaveAttribute('data-code', '4001'),
      WAIT,
    );
    expect(s.posted).toHaveLength(3);
    expect(new Set(s.posted.map((b) => b.requestId)).size).toBe(1);
    await waitFor(() => expect(s.http.get).toHaveBeenCalledTimes(2), WAIT);
    // The next spin is a new one; one lost answer is sent again and comes.
    failures = 1;
    fireEvent.click(spinButton());
    await result();
    expect(s.posted).toHaveLength(5);
    expect(s.posted[3]!.requestId).not.toBe(s.posted[0]!.requestId);
    expect(s.posted[4]!.requestId).toBe(s.posted[3]!.requestId);
  });

  it("shows the server's code when a 5xx carries one, after sending the spin again", async () => {
    const s = open({
      post: async () => {
        throw refusal(503, { error: 'LEDGER', code: 2001, fairHash: HASH_2 });
      },
    });
    await ready();
    fireEvent.click(spinButton());
    await waitFor(
      () => expect(screen.getByTestId('slot-error')).toHaveAttribute('data-code', '2001'),
      WAIT,
    );
    expect(s.posted).toHaveLength(3);
    expect(new Set(s.posted.map((b) => b.requestId)).size).toBe(1);
    await waitFor(() => expect(s.http.get).toHaveBeenCalledTimes(2), WAIT);
  });

  it('refuses an answer that cannot be read, and reads the state again', async () => {
    const s = open({ post: async (_p, body) => answerTo(body, { grid: [['CHERRY']] }) });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await ready();
    fireEvent.click(spinButton());
    await waitFor(
      () => expect(screen.getByTestId('slot-error')).toHaveAttribute('data-code', '1001'),
      WAIT,
    );
    await waitFor(() => expect(s.http.get).toHaveBeenCalledTimes(2), WAIT);
  });

  it('says when the slot cannot be loaded, and tries again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let fail = true;
    open({
      get: async () => {
        if (fail) throw new HttpError('http', 404, '{"error":"NO_SUCH_SLOT"}');
        return structuredClone(STATE);
      },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('The slot could not be loaded.');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await ready();
  });
});

describe('the reels in motion', () => {
  beforeEach(() => {
    document.documentElement.dataset.anim = 'on';
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
    });
  });

  const turning = () =>
    Array.from(document.querySelectorAll('[data-reel]')).map((r) => r.getAttribute('data-turning'));

  async function openAndWait() {
    const s = open();
    await act(() => vi.advanceTimersByTimeAsync(0));
    return s;
  }

  it('turn, then stop left to right on the grid; the win reaches the balance at the end', async () => {
    const s = await openAndWait();
    fireEvent.click(spinButton());
    expect(turning()).toEqual(['true', 'true', 'true', 'true', 'true']);
    expect(screen.getByRole('list', { name: 'Reel 1' })).toHaveAttribute('aria-busy', 'true');
    await act(() => vi.advanceTimersByTimeAsync(0)); // the answer
    expect(balance(s)).toBe(99_00000); // the stake is gone; the win is not shown yet
    expect(spinButton()).toHaveTextContent('Stop');
    await act(() => vi.advanceTimersByTimeAsync(SPIN_TIMING.minSpinMs));
    expect(turning()).toEqual(['false', 'true', 'true', 'true', 'true']);
    await act(() => vi.advanceTimersByTimeAsync(SPIN_TIMING.reelGapMs));
    expect(turning()).toEqual(['false', 'false', 'true', 'true', 'true']);
    expect(phase()).toBe('spinning');
    await act(() => vi.advanceTimersByTimeAsync(3 * SPIN_TIMING.reelGapMs));
    expect(turning()).toEqual(['false', 'false', 'false', 'false', 'false']);
    expect(phase()).toBe('result');
    expect(balance(s)).toBe(101_50000);
    expect(screen.getByTestId('slot-reels').getAttribute('data-grid')).toMatch(
      /^CHERRY,BELL,LEMON/,
    );
  });

  it('stop at once on a second press once the answer is in, sending nothing more', async () => {
    const s = await openAndWait();
    fireEvent.click(spinButton());
    await act(() => vi.advanceTimersByTimeAsync(0));
    fireEvent.click(spinButton());
    expect(phase()).toBe('result');
    expect(turning()).toEqual(['false', 'false', 'false', 'false', 'false']);
    expect(s.posted).toHaveLength(1);
    expect(balance(s)).toBe(101_50000);
  });

  it('draw each winning line in turn, then all of them', async () => {
    document.documentElement.dataset.anim = 'off'; // the lines cycle without motion too
    const s = renderSlotWith3Wins();
    await act(() => vi.advanceTimersByTimeAsync(0));
    fireEvent.click(spinButton());
    await act(() => vi.advanceTimersByTimeAsync(0));
    const current = () =>
      Array.from(document.querySelectorAll('.slot-win[data-current="true"]')).map((w) =>
        w.getAttribute('data-line'),
      );
    const drawn = () =>
      Array.from(document.querySelectorAll('.slot-lines [data-line]')).map((l) =>
        l.getAttribute('data-line'),
      );
    expect(current()).toEqual(['1']);
    expect(drawn()).toEqual(['1']);
    await act(() => vi.advanceTimersByTimeAsync(WIN_STEP_MS));
    expect(drawn()).toEqual(['2']);
    await act(() => vi.advanceTimersByTimeAsync(WIN_STEP_MS));
    expect(drawn()).toEqual(['4']);
    await act(() => vi.advanceTimersByTimeAsync(WIN_STEP_MS));
    expect(drawn()).toEqual(['1', '2', '4']);
    expect(current()).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(10 * WIN_STEP_MS));
    expect(drawn()).toEqual(['1', '2', '4']);
    expect(s.posted).toHaveLength(1);
  });
});

function renderSlotWith3Wins() {
  return open({
    post: async (_p, body) =>
      answerTo(body, {
        win: '4.00',
        balance: '103.00',
        wins: [
          { line: 1, symbol: 'BELL', count: 4, pay: '2.50' },
          { line: 2, symbol: 'CHERRY', count: 3, pay: '0.25' },
          { line: 4, symbol: 'LEMON', count: 3, pay: '1.25' },
        ],
      }),
  });
}

describe('the paytable and the fairness check', () => {
  it('lists the pays at the line bet, the 20 paylines drawn, and the RTP', async () => {
    open();
    await ready();
    fireEvent.click(screen.getByTestId('help-button'));
    const dialog = within(
      screen.getByRole('dialog', { name: 'Croupier Fruits: paytable and rules' }),
    );
    const bell = dialog.getByRole('row', { name: /Bell/ });
    expect(
      within(bell)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['×12 €0.60', '×50 €2.50', '×200 €10.00']);
    expect(dialog.getAllByRole('columnheader').map((c) => c.textContent)).toEqual([
      'Symbol',
      '3 in a line',
      '4 in a line',
      '5 in a line',
    ]);
    const lines = dialog.getAllByRole('img', { name: /^Line \d+:/ });
    expect(lines).toHaveLength(20);
    expect(lines[3]).toHaveAccessibleName('Line 4: top, middle, bottom, middle, top');
    expect(dialog.getByTestId('slot-rtp')).toHaveTextContent('96.02');
    fireEvent.click(dialog.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('verifies a spin: its stops from the seeds, its seed against the commitment held', async () => {
    const stops = [6, 17, 30, 31, 11]; // uniform(32) × 5 of SEED_0, "alice", the game id
    let n = 0;
    open({
      get: async () => ({ ...structuredClone(STATE), strips: STRIPS }),
      post: async (_p, body) => {
        const at = n++ === 0 ? stops : [0, 0, 0, 0, 0];
        return answerTo(body, {
          gameId: 'fruits-12-s-1',
          clientSeed: 'alice',
          serverSeed: SEED_0,
          stops: at,
          grid: gridAt(STRIPS, at, 3),
        });
      },
    });
    await ready();
    fireEvent.click(spinButton());
    await result();
    fireEvent.click(spinButton());
    await waitFor(
      () => expect(screen.getByTestId('slot-spins').querySelectorAll('li')).toHaveLength(2),
      WAIT,
    );
    fireEvent.click(screen.getByTestId('fair-toggle'));
    const dialog = within(screen.getByRole('dialog', { name: 'Provably fair' }));
    expect(dialog.getByTestId('slot-fair-next')).toHaveTextContent(HASH_1);
    const [second, first] = dialog.getAllByTestId('slot-fair-spin');
    // The first spin: sent with HASH_0, which SEED_0 hashes to; its stops follow.
    fireEvent.click(within(first!).getByRole('button', { name: 'Verify spin fruits-12-s-1' }));
    const verdict = within(first!).getByTestId('slot-verdict');
    expect(verdict).toHaveTextContent('Stops: match. Commitment: match. Symbols: match.');
    expect(verdict.querySelector('[data-check="stops"]')).toHaveAttribute('data-verdict', 'match');
    // The second: sent with HASH_1 (not SEED_0's hash), stops that do not follow.
    fireEvent.click(within(second!).getByTestId('slot-verify'));
    expect(within(second!).getByTestId('slot-verdict')).toHaveTextContent(
      'Stops: mismatch, the seeds give 6, 17, 30, 31, 11. Commitment: mismatch, the seed does not hash to it. Symbols: mismatch',
    );
  });
});
