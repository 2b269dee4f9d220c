// The bonus acceptance dialog: the pending bonuses one at a time, what each gives, the
// player's answer (accept, decline, later) and what follows, and its keyboard use.
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { NOW, rawBonus } from '../lib/bonus.test-util';
import { HttpError } from '../lib/http/http';
import en from '../lib/i18n/locales/en.json';
import { initEnglishI18n } from '../lib/i18n';
import { type AllConfig, type PopupKind, type Services, ServicesContext } from '../lib/session';
import { testSession } from '../lib/session.test-util';
import { closeGuide, openGuide } from '../lib/guide';
import { dialogTurns, setDialogTurn } from '../lib/dialog-turns';
import { Toaster } from '../ui/Toaster';
import { BonusOffers } from './BonusOffers';

const CHIPS = rawBonus({
  bonusId: 'chips-1',
  bonusStatus: 'pending',
  createdAt: NOW - 3000,
  expiresAt: NOW + 86_400_000,
});
const CASH = rawBonus({
  bonusId: 'cash-2',
  bonusCode: 'RELOAD',
  campaignName: 'Reload bonus',
  kind: 'cash',
  bonusStatus: 'pending',
  amount: '20.00',
  chipValue: '0.00',
  noOfChips: 0,
  bonusRemaining: 0,
  wagerRequired: '700.00',
  games: [],
  createdAt: NOW - 1000,
});

type Post = (path: string, body: Record<string, unknown>) => Promise<unknown>;

function renderOffers({
  offers = [CASH, CHIPS], // newest first, as the service lists them
  post = async () => ({ bonus: {}, balance: { balance: '120.00', bonusBalance: '20.00' } }),
  casino = {},
  popups = [],
  ready = true,
}: {
  offers?: Record<string, unknown>[];
  post?: Post;
  casino?: Record<string, unknown>;
  popups?: PopupKind[];
  ready?: boolean;
} = {}) {
  const session = testSession({
    config: {
      env: { bonusPromotionsService: '/bonus' },
      casinoConfig: casino,
      playerConfig: { player: {}, settings: {} },
    } as unknown as AllConfig,
    balance: { total: 100_00000, bonus: 0 },
    popups,
  });
  const http = {
    get: vi.fn(async (path: string) => {
      if (path === '/bonus/offers') return { bonuses: offers };
      if (path === '/bonus/chips') return { eligible: [] };
      throw new HttpError('http', 404, '');
    }),
    post: vi.fn(post),
  };
  const services = {
    http,
    session,
    currency: () => ({ code: 'EUR', symbol: '€', symbolBefore: true }),
  } as unknown as Services;
  const view = render(
    <ServicesContext.Provider value={services}>
      <button type="button">behind</button>
      <BonusOffers ready={ready} />
      <Toaster />
    </ServicesContext.Provider>,
  );
  return { ...view, http, session, services };
}

const dialog = () => screen.findByRole('dialog', { name: 'A bonus for you' });

beforeAll(async () => {
  await initEnglishI18n(en);
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
});

afterAll(() => {
  vi.useRealTimers();
});

afterEach(() => {
  cleanup();
  closeGuide();
  setDialogTurn('italian', false);
});

describe('the bonus acceptance dialog', () => {
  it('offers the pending bonuses one at a time, the oldest first, with what each gives', async () => {
    renderOffers();
    const box = await dialog();
    expect(box).toHaveAttribute('aria-modal', 'true');
    expect(screen.getByTestId('bonus-count')).toHaveTextContent('Offer 1 of 2');
    expect(screen.getByTestId('bonus-campaign')).toHaveTextContent('Welcome chips');
    expect(screen.getByTestId('bonus-gives')).toHaveTextContent('5 free chips of €1 each');
    expect(screen.getByTestId('bonus-games')).toHaveTextContent('For: Roulette');
    expect(screen.getByTestId('bonus-expires')).toHaveTextContent(/^Offer ends Nov 2[23], 2026/);
    expect(screen.getByTestId('bonus-terms')).toHaveTextContent(
      'Bonus terms apply, including play-through requirements.',
    );
    expect(box).toHaveAccessibleDescription(/Welcome chips 5 free chips of €1 each/);
  });

  it('says a cash bonus by its amount and never shows the play-through amount', async () => {
    renderOffers({ offers: [CASH] });
    const box = await dialog();
    expect(screen.getByTestId('bonus-gives')).toHaveTextContent('A bonus of €20.00');
    expect(screen.queryByTestId('bonus-games')).toBeNull();
    expect(box).not.toHaveTextContent('700');
  });

  it('is offered with hide_bonus too (the header hides the bonus balance, not the offer)', async () => {
    renderOffers({ casino: { hide_bonus: true, bonus_balance: true } });
    expect(await dialog()).toBeInTheDocument();
  });

  it('accepts: POST /bonus/accept, the balance and the free chips read again, the next offer', async () => {
    const { http, session } = renderOffers();
    await dialog();
    fireEvent.click(screen.getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(screen.getByTestId('bonus-campaign')).toHaveTextContent('Reload'));
    expect(http.post).toHaveBeenCalledWith('/bonus/accept', { bonusId: 'chips-1' });
    expect(session.get().balance).toEqual({ total: 120_00000, bonus: 20_00000 });
    expect(http.get).toHaveBeenCalledWith('/bonus/chips');
    expect(screen.getByText('Bonus accepted: Welcome chips')).toBeInTheDocument();
    expect(screen.getByTestId('bonus-count')).toHaveTextContent('Offer 2 of 2');
  });

  it('declines: POST /bonus/decline, then nothing more to offer', async () => {
    const { http } = renderOffers({ offers: [CHIPS] });
    await dialog();
    fireEvent.click(screen.getByRole('button', { name: 'Decline' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(http.post).toHaveBeenCalledWith('/bonus/decline', { bonusId: 'chips-1' });
    expect(screen.getByText('Bonus declined: Welcome chips')).toBeInTheDocument();
  });

  it('says a bonus no longer offered (409 BONUS_UNAVAILABLE) and closes', async () => {
    const unavailable = new HttpError(
      'http',
      409,
      '{"error":"BONUS_UNAVAILABLE","code":2001}',
      2001,
    );
    renderOffers({
      offers: [CHIPS],
      post: async () => {
        throw unavailable;
      },
    });
    await dialog();
    fireEvent.click(screen.getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByText('This bonus is no longer available.')).toBeInTheDocument();
  });

  it('stays open to retry when the answer could not be given', async () => {
    let fail = true;
    const { http } = renderOffers({
      offers: [CHIPS],
      post: async () => {
        if (fail) throw new HttpError('network', 0, 'offline');
        return { bonus: {}, balance: { balance: '100.00', bonusBalance: '0.00' } };
      },
    });
    await dialog();
    fireEvent.click(screen.getByRole('button', { name: 'Accept' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The action failed. Please retry.');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(http.post).toHaveBeenCalledTimes(2);
  });

  it('takes the focus and keeps Tab inside it; Escape leaves the answer for later', async () => {
    const { http } = renderOffers();
    const box = await dialog();
    // The dialog takes the focus in an effect, which may run a task after it shows.
    await waitFor(() => expect(box).toHaveFocus());
    const accept = screen.getByRole('button', { name: 'Accept' });
    const later = screen.getByRole('button', { name: 'Decide later' });
    fireEvent.keyDown(document, { key: 'Tab' });
    expect(accept).toHaveFocus();
    later.focus();
    fireEvent.keyDown(document, { key: 'Tab' });
    expect(accept).toHaveFocus(); // from the last control back to the first
    fireEvent.keyDown(document, { key: 'Tab', shiftKey: true });
    expect(later).toHaveFocus(); // and from the first to the last
    screen.getByRole('button', { name: 'behind' }).focus();
    fireEvent.keyDown(document, { key: 'Tab' });
    expect(accept).toHaveFocus(); // nothing behind the dialog is reachable
    fireEvent.keyDown(window, { key: 'Escape' });
    await waitFor(() => expect(screen.getByTestId('bonus-campaign')).toHaveTextContent('Reload'));
    fireEvent.click(screen.getByRole('button', { name: 'Decide later' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(http.post).not.toHaveBeenCalled();
  });

  it('waits for the page, the other popups and the quick guide', async () => {
    const view = renderOffers({ ready: false });
    expect(view.http.get).not.toHaveBeenCalled();
    cleanup();
    const { session } = renderOffers({ popups: ['balance-error'] });
    act(() => openGuide());
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    act(() => session.set((s) => ({ ...s, popups: [] })));
    expect(screen.queryByRole('dialog')).toBeNull(); // the guide still shows
    act(() => closeGuide());
    expect(await dialog()).toBeInTheDocument();
  });

  it("steps aside for the Italian session's dialog, and says when it shows", async () => {
    act(() => setDialogTurn('italian', true));
    const { http } = renderOffers();
    await waitFor(() => expect(http.get).toHaveBeenCalledWith('/bonus/offers'));
    await act(async () => {}); // the offers are read
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(dialogTurns.get().bonus).toBe(false);
    act(() => setDialogTurn('italian', false));
    expect(await dialog()).toBeInTheDocument();
    expect(dialogTurns.get().bonus).toBe(true);
    // The Italian session's dialog comes: the offer steps aside (it stays pending).
    act(() => setDialogTurn('italian', true));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(dialogTurns.get().bonus).toBe(false);
    cleanup();
    expect(dialogTurns.get().bonus).toBe(false);
  });
});
