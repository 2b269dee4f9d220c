import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { Announcer, announce, spokenText, useAnnounced } from './Announcer';
import { ChipTray } from './BetControls';

afterEach(cleanup);

function Banner({ text }: { text: string | null }) {
  const announced = useAnnounced();
  if (!text) return null;
  return (
    <div ref={announced}>
      <span aria-hidden="true">17</span>
      <span className="sr-only">Number 17</span> <strong>{text}</strong>
    </div>
  );
}

describe('the live region', () => {
  it('reads an element as a screen reader does: hidden figures left out', () => {
    const el = document.createElement('div');
    el.innerHTML =
      '<span aria-hidden="true">6:1</span><span>Total 10</span><span role="img" aria-label="two dice"><i>⚀</i></span>';
    expect(spokenText(el)).toBe('Total 10 two dice');
  });

  it('is on the page before it speaks, and says each new message', () => {
    render(<Announcer />);
    const region = screen.getByTestId('announcer');
    expect(region).toHaveAttribute('aria-live', 'polite');
    expect(region).toBeEmptyDOMElement();
    act(() => announce('Bet accepted: €5.00. Your bets: €5.00.'));
    expect(region).toHaveTextContent('Bet accepted: €5.00. Your bets: €5.00.');
    act(() => announce('Bets taken back. Your bets: €0.00.'));
    expect(region).toHaveTextContent(/^Bets taken back/);
  });

  it('announces a banner when it shows and when its words change, not on every render', () => {
    render(<Announcer />);
    const region = screen.getByTestId('announcer');
    const { rerender } = render(<Banner text={null} />);
    expect(region).toBeEmptyDOMElement();
    rerender(<Banner text="Red" />);
    expect(region).toHaveTextContent('Number 17 Red');
    act(() => announce('something else'));
    rerender(<Banner text="Red" />); // the same words again: not repeated
    expect(region).toHaveTextContent('something else');
    rerender(<Banner text="Red. You win €10.00" />);
    expect(region).toHaveTextContent('Number 17 Red. You win €10.00');
  });
});

describe('the chip tray', () => {
  it('is one Tab stop whose arrow keys choose the chip beside', () => {
    const chosen: number[] = [];
    const EUR = { code: 'EUR', symbol: '€', symbolBefore: true };
    const { rerender } = render(
      <ChipTray
        chips={[100000, 500000, 2500000]}
        selected={500000}
        mobile={false}
        onSelect={(v) => chosen.push(v)}
        currency={EUR}
      />,
    );
    const radios = screen.getAllByRole('radio');
    expect(radios.map((r) => r.getAttribute('tabindex'))).toEqual(['-1', '0', '-1']);
    fireEvent.keyDown(radios[1]!, { key: 'ArrowRight' });
    fireEvent.keyDown(radios[1]!, { key: 'ArrowLeft' });
    fireEvent.keyDown(radios[1]!, { key: 'End' });
    expect(chosen).toEqual([2500000, 100000, 2500000]);
    rerender(
      <ChipTray
        chips={[100000, 500000, 2500000]}
        selected={2500000}
        mobile={false}
        onSelect={(v) => chosen.push(v)}
        currency={EUR}
      />,
    );
    fireEvent.keyDown(screen.getAllByRole('radio')[2]!, { key: 'ArrowRight' }); // wraps round
    expect(chosen.at(-1)).toBe(100000);
  });
});
