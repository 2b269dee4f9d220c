import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import en from '../../lib/i18n/locales/en.json';
import { initTestI18n } from '../../lib/i18n';
import { Racetrack } from './Racetrack';
import { JEU_ZERO, VOISINS_DU_ZERO } from './racetrack';
import { StatisticsPanel } from './StatisticsPanel';

beforeAll(async () => {
  await initTestI18n(en);
});

afterEach(cleanup);

const straights = (...spots: string[]) => spots.map((n) => ({ spot: `STRAIGHT_${n}`, chips: 1 }));

describe('Racetrack', () => {
  it('offers every pocket and section as a named, keyboard-reachable button', () => {
    render(
      <Racetrack
        variant="european"
        neighbours={2}
        onNeighboursChange={() => {}}
        open
        onPlace={() => {}}
      />,
    );
    const buttons = screen.getAllByRole('button');
    expect(buttons).toHaveLength(37 + 4);
    for (const b of buttons) {
      expect(b).toHaveAttribute('tabindex', '0');
      expect(b.getAttribute('aria-label')).toMatch(/^\[\[RACETRACK_/);
      expect(b).toHaveAttribute('aria-disabled', 'false');
    }
    expect(screen.getByRole('button', { name: '[[RACETRACK_VOISINS]]' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '[[RACETRACK_TIERS]]' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '[[RACETRACK_ORPHELINS]]' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '[[RACETRACK_ZERO]]' })).toBeInTheDocument();
  });

  it('places a pocket with its neighbours by click and by keyboard', () => {
    const onPlace = vi.fn();
    const { container } = render(
      <Racetrack
        variant="european"
        neighbours={2}
        onNeighboursChange={() => {}}
        open
        onPlace={onPlace}
      />,
    );
    const pocket17 = container.querySelector('[data-pocket="17"]')!;
    expect(pocket17).toHaveAttribute('aria-label', '[[RACETRACK_NEIGHBOURS_OF]]');
    fireEvent.click(pocket17);
    expect(onPlace).toHaveBeenLastCalledWith(
      straights('2', '25', '17', '34', '6'),
      '[[RACETRACK_NEIGHBOURS_OF]]',
    );
    // Round the zero, on both sides.
    fireEvent.keyDown(container.querySelector('[data-pocket="0"]')!, { key: 'Enter' });
    expect(onPlace).toHaveBeenLastCalledWith(
      straights('3', '26', '0', '32', '15'),
      '[[RACETRACK_NEIGHBOURS_OF]]',
    );
    fireEvent.keyDown(pocket17, { key: ' ' });
    fireEvent.keyDown(pocket17, { key: 'a' });
    expect(onPlace).toHaveBeenCalledTimes(3);
  });

  it('places an announced bet from its section', () => {
    const onPlace = vi.fn();
    render(
      <Racetrack
        variant="european"
        neighbours={0}
        onNeighboursChange={() => {}}
        open={false}
        onPlace={onPlace}
      />,
    );
    const voisins = screen.getByRole('button', { name: '[[RACETRACK_VOISINS]]' });
    expect(voisins).toHaveAttribute('aria-disabled', 'true');
    fireEvent.click(voisins);
    expect(onPlace).toHaveBeenLastCalledWith([...VOISINS_DU_ZERO.lines], '[[RACETRACK_VOISINS]]');
    fireEvent.keyDown(screen.getByRole('button', { name: '[[RACETRACK_ZERO]]' }), {
      key: 'Enter',
    });
    expect(onPlace).toHaveBeenLastCalledWith([...JEU_ZERO.lines], '[[RACETRACK_ZERO]]');
    const orphelins = onPlace.mock.calls.length;
    fireEvent.click(screen.getByRole('button', { name: '[[RACETRACK_ORPHELINS]]' }));
    expect(onPlace.mock.calls[orphelins]![0]).toHaveLength(5);
    fireEvent.click(screen.getByRole('button', { name: '[[RACETRACK_TIERS]]' }));
    expect(onPlace.mock.calls[orphelins + 1]![0]).toHaveLength(6);
  });

  it('lights what a bet covers and changes the neighbour count', () => {
    const onNeighboursChange = vi.fn();
    const { container, rerender } = render(
      <Racetrack
        variant="european"
        neighbours={1}
        onNeighboursChange={onNeighboursChange}
        open
        onPlace={() => {}}
      />,
    );
    const lit = () =>
      [...container.querySelectorAll('[data-lit]')].map((e) => e.getAttribute('data-lit'));
    fireEvent.focus(container.querySelector('[data-pocket="26"]')!);
    expect(lit()).toEqual(['0', '3', '26']); // drawn in wheel order
    rerender(
      <Racetrack
        variant="european"
        neighbours={3}
        onNeighboursChange={onNeighboursChange}
        open
        onPlace={() => {}}
      />,
    );
    expect(lit()).toHaveLength(7);
    fireEvent.blur(container.querySelector('[data-pocket="26"]')!);
    expect(lit()).toHaveLength(0);
    fireEvent.pointerEnter(screen.getByRole('button', { name: '[[RACETRACK_VOISINS]]' }));
    expect(lit()).toHaveLength(17);

    const slider = screen.getByLabelText('[[RACETRACK_NEIGHBOURS]]');
    expect(slider).toHaveAttribute('min', '0');
    expect(slider).toHaveAttribute('max', '9');
    expect(slider).toHaveValue('3');
    fireEvent.change(slider, { target: { value: '5' } });
    expect(onNeighboursChange).toHaveBeenCalledWith(5);
  });

  it('has 00 and no French bets on an American table', () => {
    const onPlace = vi.fn();
    const { container } = render(
      <Racetrack
        variant="american"
        neighbours={1}
        onNeighboursChange={() => {}}
        open
        onPlace={onPlace}
      />,
    );
    expect(screen.getAllByRole('button')).toHaveLength(38);
    expect(container.querySelector('[data-section]')).toBeNull();
    fireEvent.click(container.querySelector('[data-pocket="00"]')!);
    expect(onPlace).toHaveBeenCalledWith(straights('1', '00', '27'), '[[RACETRACK_NEIGHBOURS_OF]]');
  });
});

describe('StatisticsPanel', () => {
  const results = [17, 0, 17, 32, 5, 17, 32, 1, 36, 12];

  it('shows the games, hot and cold numbers, splits and results', () => {
    const onClose = vi.fn();
    render(<StatisticsPanel results={results} variant="european" onClose={onClose} />);
    const panel = screen.getByRole('region', { name: '[[STATS_TITLE]]' });
    expect(screen.getByTestId('stats-games')).toHaveTextContent('[[STATS_GAMES_other]]');
    expect(screen.getByTestId('stats-games')).toHaveAttribute('data-games', '10');

    const hot = screen.getByRole('list', { name: '[[STATS_HOT]]' });
    expect(
      within(hot)
        .getAllByRole('listitem')
        .map((li) => li.getAttribute('data-number')),
    ).toEqual(['17', '32', '0', '5', '1']);
    expect(
      within(hot).getAllByRole('listitem')[0]!.querySelector('.stats-count'),
    ).toHaveTextContent('3');
    const cold = screen.getByRole('list', { name: '[[STATS_COLD]]' });
    expect(within(cold).getAllByRole('listitem')).toHaveLength(5);

    const share = (key: string) => panel.querySelector(`[data-share="${key}"]`)!;
    const colour = screen.getByRole('list', { name: '[[STATS_COLOUR]]' });
    expect(within(colour).getAllByRole('listitem')).toHaveLength(3);
    expect(share('red')).toHaveAttribute('data-percent', '60');
    expect(share('red')).toHaveTextContent('[[STATS_red]][[STATS_PERCENT]]');
    expect(share('red').querySelector<HTMLElement>('.stats-bar-fill')!.style.width).toBe('60%');
    expect(share('black')).toHaveAttribute('data-percent', '30');
    expect(share('odd')).toHaveAttribute('data-percent', '50');
    expect(share('high')).toHaveAttribute('data-percent', '30');
    expect(share('column2')).toHaveAttribute('data-percent', '60');
    expect(panel.querySelectorAll('[data-share="zero"]')).toHaveLength(5);

    const list = screen.getByTestId('stats-results');
    expect([...list.querySelectorAll('span')].map((s) => s.textContent)).toEqual(
      results.map(String),
    );
    expect(list.querySelector('span')).toHaveClass('stats-black');

    fireEvent.click(screen.getByRole('button', { name: '[[STATS_CLOSE]]' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('writes 00 and says when there are no results', () => {
    const { rerender } = render(<StatisticsPanel results={[37, 0, 2]} variant="american" />);
    const list = screen.getByTestId('stats-results');
    expect([...list.querySelectorAll('span')].map((s) => s.textContent)).toEqual(['00', '0', '2']);
    expect(list.querySelector('span')).toHaveClass('stats-green');
    expect(screen.queryByRole('button')).toBeNull(); // no close button without onClose

    rerender(<StatisticsPanel results={[]} variant="european" />);
    expect(screen.getByTestId('stats-games')).toHaveTextContent('[[STATS_NO_GAMES]]');
    expect(screen.getByTestId('stats-results').children).toHaveLength(0);
  });
});
