import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { closeGuide } from '../lib/guide';
import en from '../lib/i18n/locales/en.json';
import { initTestI18n } from '../lib/i18n';
import { type AllConfig, type Services, ServicesContext } from '../lib/session';
import { applySetting } from '../lib/settings';
import { testSession } from '../lib/session.test-util';
import { GuideButton } from '../ui/GuideButton';
import { QuickGuide } from './QuickGuide';

beforeAll(async () => {
  await initTestI18n(en);
});

afterEach(() => {
  cleanup();
  act(() => closeGuide());
});

function renderGuide(
  settings: Record<string, unknown>,
  casino: Record<string, unknown> = {},
  game = 'roulette',
) {
  const session = testSession({
    config: {
      playerConfig: { settings },
      casinoConfig: casino,
    } as unknown as AllConfig,
  });
  const saveSetting = vi.fn(async (key: string, value: unknown) =>
    applySetting(session, key, value),
  );
  const services = { session, saveSetting } as unknown as Services;
  render(
    <ServicesContext.Provider value={services}>
      <QuickGuide game={game} ready />
      <GuideButton />
    </ServicesContext.Provider>,
  );
  return { session, saveSetting };
}

describe('the quick guide', () => {
  it('opens by itself at a game shown fewer than three times, and counts it', () => {
    const { saveSetting } = renderGuide({ quick_guide_counts: { roulette: 2, sicbo: 3 } });
    expect(screen.getByTestId('quick-guide')).toBeInTheDocument();
    expect(saveSetting).toHaveBeenCalledWith('quick_guide_counts', { roulette: 3, sicbo: 3 });
    expect(screen.getByTestId('guide-step')).toHaveAttribute('data-step', '1');
    fireEvent.click(screen.getByTestId('guide-next'));
    expect(screen.getByTestId('guide-step')).toHaveAttribute('data-step', '2');
    fireEvent.click(screen.getByRole('button', { name: '[[GUIDE_BACK]]' }));
    expect(screen.getByTestId('guide-step')).toHaveAttribute('data-step', '1');
  });

  it('stays shut after three times, when the player said never, or where the operator has its own', () => {
    renderGuide({ quick_guide_counts: { roulette: 3 } });
    expect(screen.queryByTestId('quick-guide')).toBeNull();
    cleanup();
    renderGuide({ show_quick_guide: false });
    expect(screen.queryByTestId('quick-guide')).toBeNull();
    // From help it opens all the same.
    fireEvent.click(screen.getByTestId('guide-button'));
    expect(screen.getByTestId('quick-guide')).toBeInTheDocument();
    cleanup();
    act(() => closeGuide());
    renderGuide({}, { quick_guide_disabled: true });
    expect(screen.queryByTestId('quick-guide')).toBeNull();
    expect(screen.queryByTestId('guide-button')).toBeNull();
  });

  it('"don\'t show again" turns show_quick_guide off, and the last step closes it', () => {
    const { saveSetting, session } = renderGuide({});
    fireEvent.click(screen.getByRole('checkbox', { name: '[[GUIDE_NEVER]]' }));
    expect(saveSetting).toHaveBeenCalledWith('show_quick_guide', false);
    expect(session.get().config?.playerConfig.settings.show_quick_guide).toBe(false);
    for (let i = 0; i < 5; i++) fireEvent.click(screen.getByTestId('guide-next'));
    expect(screen.queryByTestId('quick-guide')).toBeNull();
  });
});
