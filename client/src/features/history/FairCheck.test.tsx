import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { type FairRecord, commitmentOf } from '../../lib/fair';
import { CLIENT_SEED_KEY, getClientSeed } from '../../lib/fair/clientSeed';
import { HttpError } from '../../lib/http/http';
import en from '../../lib/i18n/locales/en.json';
import { initEnglishI18n } from '../../lib/i18n';
import { ServicesContext } from '../../lib/session';
import { historyServices } from './history.test-util';
import HistoryPanel from './HistoryPanel';
import type { HistoryRound } from './model';

// Rounds the C++ engines drew (docs/provably-fair-vectors.json): a European roulette
// round with a client seed, and a baccarat round's cards from its shoe.
const VECTORS = resolve(import.meta.dirname, '../../../../docs/provably-fair-vectors.json');
interface Vector {
  game?: string;
  variant?: string;
  serverSeed: string;
  hash?: string;
  clientSeed: string;
  roundId: string;
  result?: string;
  shoe?: string;
  cards?: string[];
}
const vectors = JSON.parse(readFileSync(VECTORS, 'utf8')) as { drawn: Vector[]; shoe: Vector[] };
const drawn = vectors.drawn.find(
  (v) => v.game === 'roulette' && v.variant === 'european' && v.clientSeed !== '',
)!;
const dealt = vectors.shoe.find((v) => v.clientSeed !== '' && (v.cards?.length ?? 0) > 0)!;

/** The record the server serves for a vector's round. */
function recordOf(v: Vector, game: string, variant: string, result: string): FairRecord {
  return {
    gameId: v.roundId,
    tableId: v.roundId.replace(/-\d+$/, ''),
    game,
    variant,
    hash: v.hash ?? commitmentOf(v.serverSeed),
    serverSeed: v.serverSeed,
    clientSeed: v.clientSeed,
    result,
    ...(v.shoe ? { shoe: v.shoe, cards: v.cards } : {}),
  };
}
const rouletteRecord = recordOf(drawn, 'roulette', 'european', drawn.result!);
const baccaratRecord = recordOf(dealt, 'baccarat', 'standard', 'P|8|6');

function round(record: FairRecord, over: Partial<HistoryRound> = {}): HistoryRound {
  return {
    gameId: record.gameId,
    roundId: 1,
    tableId: record.tableId,
    tableName: 'Roulette Azure',
    game: record.game,
    state: 'settled',
    startedAt: new Date(2026, 10, 25, 14, 5).getTime(),
    currency: 'EUR',
    stake: '1.00',
    payoff: '0.00',
    net: '-1.00',
    winLose: 'lose',
    result: record.result,
    bets: [
      {
        participationId: 1,
        betType: 'RED',
        amount: '1.00',
        payoff: '0.00',
        status: 'settled',
        ticketId: 't1',
      },
    ],
    ...over,
  };
}

/** The history with these rounds; `fair` answers GET /api/ui/fairRound. */
function renderHistory(rounds: HistoryRound[], fair: (gameId: string) => Promise<unknown>) {
  const get = vi.fn(async (path: string, params?: Record<string, unknown>) =>
    path === '/api/ui/fairRound' ? fair(String(params?.gameId)) : { rounds, next: null },
  );
  const services = historyServices(get);
  const onClose = vi.fn();
  const panel = (close: () => void) => (
    <ServicesContext.Provider value={services}>
      <HistoryPanel onClose={close} />
    </ServicesContext.Provider>
  );
  const view = render(panel(onClose));
  /** The header renders again: it gives the history a new close function each time. */
  const headerRenders = () => view.rerender(panel((...a) => onClose(...a)));
  return { get, onClose, headerRenders };
}

/** Opens the rounds' details and presses the round's Verify button. */
async function verify(gameId: string): Promise<HTMLElement> {
  await screen.findAllByTestId('history-round');
  for (const summary of screen.queryAllByRole('button', { expanded: false }))
    fireEvent.click(summary);
  const button = screen.getByRole('button', { name: `Verify round ${gameId}` });
  expect(button).toHaveTextContent('Verify');
  fireEvent.click(button);
  return button;
}

const verdict = () => screen.getByTestId('fair-verdict');

beforeAll(async () => {
  await initEnglishI18n(en);
});

afterEach(() => {
  cleanup();
  localStorage.clear();
});

describe('the fair check of a round', () => {
  it('opens from the Verify button and finds that the result follows from the seeds', async () => {
    const { get } = renderHistory([round(rouletteRecord)], async () => rouletteRecord);
    await verify(rouletteRecord.gameId);
    const dialog = screen.getByRole('dialog', { name: `Verify round ${rouletteRecord.gameId}` });
    expect(dialog).toHaveFocus();
    expect(get).toHaveBeenLastCalledWith('/api/ui/fairRound', { gameId: rouletteRecord.gameId });

    expect(await within(dialog).findByTestId('fair-verdict')).toHaveTextContent(
      'Match: this result follows from the seeds',
    );
    expect(verdict()).toHaveAttribute('data-status', 'match');
    expect(verdict()).toHaveAttribute('aria-live', 'polite');
    expect(screen.getByTestId('fair-commitment')).toHaveTextContent(drawn.hash!);
    expect(screen.getByLabelText('Server seed')).toHaveValue(drawn.serverSeed);
    expect(screen.getByTestId('fair-seed-hash')).toHaveTextContent(drawn.hash!);
    expect(screen.getByTestId('fair-client-seed')).toHaveTextContent(drawn.clientSeed);
    expect(screen.getByTestId('fair-result')).toHaveTextContent(drawn.result!);
  });

  it('shows a mismatch when one character of the seed changes, and a match once restored', async () => {
    renderHistory([round(rouletteRecord)], async () => rouletteRecord);
    await verify(rouletteRecord.gameId);
    await screen.findByTestId('fair-verdict');
    const seed = screen.getByLabelText('Server seed');
    const last = drawn.serverSeed.at(-1) === '0' ? '1' : '0';
    fireEvent.change(seed, { target: { value: drawn.serverSeed.slice(0, -1) + last } });
    expect(verdict()).toHaveAttribute('data-status', 'mismatch');
    expect(verdict()).toHaveTextContent('Mismatch: the seed does not hash to the commitment');
    expect(screen.getByTestId('fair-seed-hash')).not.toHaveTextContent(drawn.hash!);

    fireEvent.change(seed, { target: { value: 'not hex' } });
    expect(screen.getByTestId('fair-seed-hash')).toHaveTextContent('Not a seed');
    fireEvent.change(seed, { target: { value: '' } });
    expect(verdict()).toHaveAttribute('data-status', 'mismatch');

    fireEvent.click(screen.getByRole('button', { name: 'Restore the revealed seed' }));
    expect(seed).toHaveValue(drawn.serverSeed);
    expect(verdict()).toHaveAttribute('data-status', 'match');
    expect(screen.queryByRole('button', { name: 'Restore the revealed seed' })).toBeNull();
  });

  it('says which result the seed gives when the record shows another', async () => {
    const other = drawn.result === '0' ? '1' : '0';
    const record = { ...rouletteRecord, result: other };
    renderHistory([round(record)], async () => record);
    await verify(record.gameId);
    expect(await screen.findByTestId('fair-verdict')).toHaveTextContent(
      `Mismatch: the seed gives a different result (${drawn.result})`,
    );
  });

  it('checks a shoe game by its cards, and shows them', async () => {
    renderHistory([round(baccaratRecord, { game: 'baccarat' })], async () => baccaratRecord);
    await verify(baccaratRecord.gameId);
    expect(await screen.findByTestId('fair-verdict')).toHaveAttribute('data-status', 'match');
    const cards = [...screen.getByTestId('fair-cards').querySelectorAll('[data-card]')];
    expect(cards.map((c) => c.getAttribute('data-card'))).toEqual(dealt.cards);
  });

  it('says why some rounds cannot be checked', async () => {
    const records = [
      { ...rouletteRecord, gameId: 'crash-1', game: 'crash', variant: 'classic' },
      { ...rouletteRecord, gameId: 'rou-9', scripted: true },
    ];
    renderHistory(
      records.map((r) => round(r)),
      async (id) => records.find((r) => r.gameId === id),
    );
    await verify('crash-1');
    expect(await screen.findByTestId('fair-verdict')).toHaveTextContent(
      'This round cannot be checked here',
    );
    expect(verdict()).toHaveAttribute('data-status', 'unsupported');
    fireEvent.click(
      within(screen.getByTestId('fair-check')).getByRole('button', { name: 'Close' }),
    );
    await verify('rou-9');
    expect(await screen.findByTestId('fair-verdict')).toHaveTextContent('A scripted test result');
    expect(verdict()).toHaveAttribute('data-status', 'scripted');
  });

  it('explains a round whose seed is not revealed (404), and offers a retry on other failures', async () => {
    let answer = (): Promise<unknown> =>
      Promise.reject(
        new HttpError(
          'http',
          404,
          '{"error":"NOT_REVEALED","message":"no settled round","code":2001}',
          2001,
        ),
      );
    const { onClose } = renderHistory([round(rouletteRecord)], () => answer());
    await verify(rouletteRecord.gameId);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This round cannot be checked yet: its seed is revealed once the round is settled.',
    );
    expect(screen.queryByTestId('fair-verdict')).toBeNull();
    fireEvent.click(
      within(screen.getByTestId('fair-check')).getByRole('button', { name: 'Close' }),
    );
    expect(onClose).not.toHaveBeenCalled();

    answer = () => Promise.reject(new HttpError('network', 0, 'offline'));
    await verify(rouletteRecord.gameId);
    expect(await screen.findByRole('alert')).toHaveTextContent('The round could not be loaded.');
    answer = async () => rouletteRecord;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('fair-verdict')).toHaveAttribute('data-status', 'match');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('offers Verify for settled rounds only', async () => {
    renderHistory(
      [round(rouletteRecord, { state: 'open', winLose: 'pending' })],
      async () => rouletteRecord,
    );
    const [row] = await screen.findAllByTestId('history-round');
    fireEvent.click(within(row!).getByRole('button'));
    expect(within(row!).queryByRole('button', { name: /^Verify/ })).toBeNull();
  });

  it('closes on Escape, this dialog only, and gives the focus back to its Verify button', async () => {
    const { onClose } = renderHistory([round(rouletteRecord)], async () => rouletteRecord);
    const button = await verify(rouletteRecord.gameId);
    await screen.findByTestId('fair-verdict');
    fireEvent.keyDown(screen.getByLabelText('Server seed'), { key: 'Escape' });
    expect(screen.queryByTestId('fair-check')).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByTestId('history')).toBeInTheDocument();
    expect(button).toHaveFocus();

    // The Close button too.
    fireEvent.click(button);
    await screen.findByTestId('fair-verdict');
    fireEvent.click(
      within(screen.getByTestId('fair-check')).getByRole('button', { name: 'Close' }),
    );
    expect(screen.queryByTestId('fair-check')).toBeNull();
    expect(button).toHaveFocus();

    // With the check closed, Escape is the history's again.
    fireEvent.keyDown(button, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('keeps the focus in the field as the page behind renders again', async () => {
    const { headerRenders } = renderHistory([round(rouletteRecord)], async () => rouletteRecord);
    await verify(rouletteRecord.gameId);
    await screen.findByTestId('fair-verdict');
    const seed = screen.getByLabelText('Server seed');
    seed.focus();
    headerRenders();
    expect(seed).toHaveFocus();
    // Shift+Tab out of the check lands back in it, not in the history under it.
    screen.getByTestId('history-game').focus();
    expect(seed).toHaveFocus();
  });
});

describe("the player's client seed", () => {
  it('is shown, saved when valid and refused when not', async () => {
    const mine = getClientSeed();
    renderHistory([round(rouletteRecord)], async () => rouletteRecord);
    await verify(rouletteRecord.gameId);
    const input = screen.getByLabelText('Your client seed');
    expect(input).toHaveValue(mine);
    expect(input).toHaveAccessibleDescription(/among the first three players to bet/);
    const save = screen.getByRole('button', { name: 'Save' });

    fireEvent.change(input, { target: { value: 'two words' } });
    fireEvent.click(save);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Use 1 to 64 letters, digits, hyphens or underscores.',
    );
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(localStorage.getItem(CLIENT_SEED_KEY)).toBe(mine);

    fireEvent.change(input, { target: { value: 'x'.repeat(65) } });
    fireEvent.click(save);
    expect(localStorage.getItem(CLIENT_SEED_KEY)).toBe(mine);

    fireEvent.change(input, { target: { value: ' lucky-7_seed ' } });
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(save);
    expect(screen.getByText('Saved: your next bets carry this seed.')).toBeInTheDocument();
    expect(input).toHaveValue('lucky-7_seed');
    expect(input).toHaveAttribute('aria-invalid', 'false');
    expect(localStorage.getItem(CLIENT_SEED_KEY)).toBe('lucky-7_seed');
    expect(getClientSeed()).toBe('lucky-7_seed');
  });
});
