// A table page as a player sees it (roulette first; the other games use what they share):
// what the journeys click and read.
import { expect } from 'vitest';
import type { Page } from 'playwright-core';

import { type Server, openAsGuest, startServer } from './harness';

export const RED = new Set([1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36]);

/** "€9,998.50" -> 999850000 units (1/100000). */
export function unitsOf(text: string): number {
  const m = /(-?)[^\d-]*([\d,]+)(?:\.(\d{1,5}))?/.exec(text);
  if (!m) throw new Error(`no amount in "${text}"`);
  const whole = Number(m[2]!.replace(/,/g, ''));
  const frac = Number((m[3] ?? '').padEnd(5, '0'));
  return (m[1] ? -1 : 1) * (whole * 100_000 + frac);
}

/** The test id of each game's table page (card games share theirs). */
const TABLE_TEST_IDS: Record<string, string> = {
  roulette: 'roulette-table',
  sicbo: 'sicbo-table',
  megawheel: 'megawheel-table',
  spaceman: 'crash-table',
  bigbass: 'crash-table',
  boomorbust: 'boomorbust-table',
};

/**
 * croupierd for a game show's journey: `tableId` deals the scripted `outcome` every round
 * (the casino file's scriptedResults, a test aid the server accepts only with --rng-seed),
 * and its show's steps take `timings` (revealMs, chooseMs).
 */
export function startShowServer(
  tableId: string,
  outcome: string,
  timings: { revealMs: number; chooseMs: number },
): Promise<Server> {
  return startServer({
    seed: 23,
    scripted: { [tableId]: outcome },
    casino: (casino) => {
      const table = casino.tables.find((t) => t.id === tableId)!;
      table.timings = { ...(table.timings as object), ...timings };
    },
  });
}

/** Records the commands the page sends on its socket; call it before the page connects. */
export function recordCommands(page: Page): string[] {
  const sent: string[] = [];
  page.on('websocket', (ws) =>
    ws.on('framesent', (f) => {
      if (typeof f.payload === 'string') sent.push(f.payload);
    }),
  );
  return sent;
}

/** The bet spot a screen reader hears as `name` (its code), or null. */
export async function spotNamed(page: Page, name: string): Promise<string | null> {
  const spot = page.getByRole('button', { name, exact: true });
  return (await spot.count()) === 1 ? spot.getAttribute('data-spot') : null;
}

/** What a page showed while a round's result was on screen (TablePage.watchRounds). */
interface SeenResult {
  shown: string | null;
  wheel: string | null;
  win: string | null; // the result banner's win (data-win), once it showed one
}

export class TablePage {
  constructor(
    readonly page: Page,
    readonly tableId = 'rou-1',
  ) {}

  /** Opens "/" as a new player, then the table from the lobby. */
  async enterFromLobby(base: string, game = 'roulette'): Promise<void> {
    await openAsGuest(this.page, base);
    await this.page.locator(`[data-table="${this.tableId}"]`).click();
    await this.page.waitForURL(new RegExp(`/play/${game}\\?gameId=${this.tableId}`));
    await this.page.getByTestId(TABLE_TEST_IDS[game] ?? 'card-table').waitFor();
    await this.page.getByTestId('preloader').waitFor({ state: 'detached', timeout: 20_000 });
  }

  state(): Promise<string | null> {
    return this.page.getByTestId('round-state').getAttribute('data-state');
  }

  gameId(): Promise<string | null> {
    return this.page.getByTestId('round-state').getAttribute('data-game');
  }

  async waitForState(state: number, timeout = 30_000): Promise<void> {
    await this.page
      .locator(`[data-testid="round-state"][data-state="${state}"]`)
      .waitFor({ timeout });
  }

  /** Waits for a round whose bets stay open for at least `seconds` more. */
  async waitForBetting(seconds = 4): Promise<string> {
    await this.watchRounds();
    for (let i = 0; i < 3; i++) {
      await this.waitForState(2);
      const left = Number(await this.page.getByTestId('countdown').textContent());
      if (left >= seconds) return (await this.gameId())!;
      // The betting's end. Not state 3 itself: bets closed lasts half a second, and a page
      // that paints seldom on a loaded machine may go from betting straight to the spin (a
      // make test run waited 30 s for a state 3 it never showed).
      await this.page
        .locator('[data-testid="round-state"]:not([data-state="2"])')
        .waitFor({ timeout: 30_000 });
    }
    throw new Error('no round with time to bet');
  }

  async chip(label: string): Promise<void> {
    await this.page.getByRole('radio', { name: `Chip ${label}`, exact: true }).click();
  }

  async bet(spot: string): Promise<void> {
    await this.page.locator(`[data-spot="${spot}"]`).click();
  }

  async control(name: 'Undo' | 'Clear' | 'Double' | 'Rebet'): Promise<void> {
    await this.page.getByRole('button', { name, exact: true }).click();
  }

  async totalBet(): Promise<string> {
    return (await this.page.getByTestId('total-bet').getAttribute('data-amount'))!;
  }

  async expectTotal(amount: string, timeout = 5000): Promise<void> {
    await this.page
      .locator(`[data-testid="total-bet"][data-amount="${amount}"]`)
      .waitFor({ timeout });
  }

  async balance(): Promise<number> {
    return unitsOf((await this.page.getByTestId('balance').locator('strong').textContent())!);
  }

  async expectBalance(units: number, timeout = 8000): Promise<void> {
    const deadline = Date.now() + timeout;
    let last = NaN;
    while (Date.now() < deadline) {
      last = await this.balance().catch(() => NaN);
      if (last === units) return;
      await this.page.waitForTimeout(100);
    }
    expect(last).toBe(units);
  }

  /**
   * Keeps in the page what each round showed while its result was on screen (state 24): the
   * number, where the wheel landed and the player's win, by round. A MutationObserver sees
   * every change, so a result that lasts less than a look on a busy machine is still seen.
   * Idempotent; a navigation drops it (waitForBetting puts it back).
   */
  async watchRounds(): Promise<void> {
    await this.page.evaluate(() => {
      const w = window as unknown as { __rounds?: Record<string, SeenResult> };
      if (w.__rounds) return;
      const rounds: Record<string, SeenResult> = (w.__rounds = {});
      const look = () => {
        const el = document.querySelector<HTMLElement>('[data-testid="round-state"]');
        const game = el?.dataset.game;
        if (!game || el.dataset.state !== '24') return;
        const seen = (rounds[game] ??= { shown: null, wheel: null, win: null });
        seen.shown ||= document.querySelector('[data-testid="result-number"]')?.textContent || null;
        seen.wheel ||=
          document.querySelector('[data-testid="wheel"]')?.getAttribute('data-landed') || null;
        seen.win ||=
          document.querySelector('[data-testid="result-win"]')?.getAttribute('data-win') || null;
      };
      new MutationObserver(look).observe(document.body, {
        subtree: true,
        childList: true,
        attributes: true,
        characterData: true,
      });
      look();
    });
  }

  /**
   * Waits until round `gameId` is over (state 24) with its result on screen, or a later
   * round is (when the page was not watched as the round ended).
   */
  async waitForResultOf(gameId: string, timeout = 30_000): Promise<void> {
    await this.watchRounds();
    await this.page.waitForFunction(
      (g) => {
        const rounds = (window as unknown as { __rounds: Record<string, SeenResult> }).__rounds;
        // Round ids end in a zero-padded sequence.
        const game = document.querySelector<HTMLElement>('[data-testid="round-state"]')?.dataset
          .game;
        return g in rounds || (game ?? '') > g;
      },
      gameId,
      { timeout },
    );
  }

  /**
   * What round `gameId` showed while its result was on screen, once the watcher has seen
   * every one of `fields` (watchRounds); `what` names them in the error.
   */
  private async seenRound(
    gameId: string,
    fields: (keyof SeenResult)[],
    what: string,
    timeout: number,
  ): Promise<SeenResult> {
    await this.watchRounds();
    return this.page
      .waitForFunction(
        ({ g, fields }) => {
          const r = (window as unknown as { __rounds: Record<string, SeenResult> }).__rounds[g];
          return r && fields.every((f) => r[f]) ? r : null;
        },
        { g: gameId, fields },
        { timeout },
      )
      .then((h) => h.jsonValue() as Promise<SeenResult>)
      .catch(() => {
        throw new Error(`round ${gameId}: ${what} not seen`);
      });
  }

  /** The result round `gameId` showed: its number, and where its wheel landed. */
  async landedResult(gameId: string, timeout = 30_000): Promise<{ shown: number; wheel: number }> {
    const seen = await this.seenRound(
      gameId,
      ['shown', 'wheel'],
      "its number and the wheel's landing",
      timeout,
    );
    return { shown: Number(seen.shown), wheel: Number(seen.wheel) };
  }

  /**
   * The win the result banner showed for round `gameId` (its data-win, "36.00"), seen while
   * the result was on screen: on a busy machine the next round may have cleared it before a
   * look.
   */
  async shownWin(gameId: string, timeout = 15_000): Promise<string> {
    const seen = await this.seenRound(gameId, ['win'], 'the win in its result banner', timeout);
    return seen.win!;
  }

  /**
   * The server's own record: its latest result for the table, or with `gameId` that round's
   * (a later round may already be settled on a slow machine).
   */
  async serverResult(gameId?: string): Promise<{ gameId: string; result: number }> {
    const r = await this.page.request.get(
      `/api/ui/statisticHistory?tableId=${this.tableId}&numberOfGames=${gameId ? 20 : 1}`,
    );
    const body = (await r.json()) as { results: { gameId: string; result: string }[] };
    const latest = gameId ? body.results.find((x) => x.gameId === gameId) : body.results[0];
    if (!latest) return { gameId: '', result: NaN }; // no round settled yet
    return { gameId: latest.gameId, result: Number(latest.result) };
  }

  async serverBalance(): Promise<number> {
    const r = await this.page.request.get('/api/ui/balance');
    return unitsOf(((await r.json()) as { balance: string }).balance);
  }

  async toastText(timeout = 5000): Promise<string> {
    return (await this.page.getByTestId('toast').last().textContent({ timeout }))!;
  }
}
