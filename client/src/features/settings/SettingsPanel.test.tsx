import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { animationState } from '../../app/settings-effects';
import en from '../../lib/i18n/locales/en.json';
import { initTestI18n } from '../../lib/i18n';
import { type AllConfig, type Services, ServicesContext } from '../../lib/session';
import { testSession } from '../../lib/session.test-util';
import { applySetting } from '../../lib/settings';
import SettingsPanel from './SettingsPanel';

function renderPanel({
  settings = {},
  casino = {},
  mobile = false,
  fail = false,
}: {
  settings?: Record<string, unknown>;
  casino?: Record<string, unknown>;
  mobile?: boolean;
  fail?: boolean;
} = {}) {
  const config = {
    playerConfig: { player: { id: '1' }, settings },
    casinoConfig: casino,
  } as unknown as AllConfig;
  const session = testSession({ config, mobile });
  // As services.saveSetting does: applied at once, then saved.
  const saveSetting = vi.fn(async (key: string, value: unknown) => {
    applySetting(session, key, value);
    if (fail) throw new Error('offline');
  });
  const http = {
    get: vi.fn(async (path: string) => {
      if (path === '/api/ge/versions') return { server: '1.30.0', client: '2.0.9', protocol: 1 };
      throw new Error(`404 ${path}`);
    }),
  };
  const services = { session, saveSetting, http } as unknown as Services;
  render(
    <ServicesContext.Provider value={services}>
      <SettingsPanel onClose={() => {}} />
    </ServicesContext.Provider>,
  );
  return { saveSetting, session };
}

beforeAll(async () => {
  await initTestI18n(en);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the settings screen', () => {
  it('shows the saved values and the defaults', () => {
    renderPanel({ settings: { video_stream: 'low', anim_enable: false, bg_music: 45 } });
    expect(screen.getByRole('radio', { name: '[[VIDEO_QUALITY_low]]' })).toBeChecked();
    expect(screen.getByRole('switch', { name: '[[SETTINGS_ANIMATIONS]]' })).not.toBeChecked();
    expect(screen.getByRole('slider', { name: '[[SETTINGS_BG_MUSIC]]' })).toHaveValue('45');
    expect(screen.getByRole('slider', { name: '[[SETTINGS_VOICE]]' })).toHaveValue('60');
    expect(screen.getByRole('slider', { name: '[[SETTINGS_GAME_EFFECTS]]' })).toHaveValue('20');
    expect(screen.getByRole('switch', { name: '[[SETTINGS_CHAT_SHOW]]' })).toBeChecked();
    // Full screen is for phones.
    expect(screen.queryByRole('switch', { name: '[[SETTINGS_AUTO_FULLSCREEN]]' })).toBeNull();
  });

  it('saves each change with its key and applies it at once', () => {
    const { saveSetting, session } = renderPanel({ mobile: true });
    fireEvent.click(screen.getByRole('radio', { name: '[[VIDEO_QUALITY_medium]]' }));
    expect(saveSetting).toHaveBeenLastCalledWith('video_stream', 'medium');
    fireEvent.click(screen.getByRole('switch', { name: '[[SETTINGS_ANIMATIONS]]' }));
    expect(saveSetting).toHaveBeenLastCalledWith('anim_enable', false);
    fireEvent.click(screen.getByRole('switch', { name: '[[SETTINGS_AUTO_FULLSCREEN]]' }));
    expect(saveSetting).toHaveBeenLastCalledWith('auto_fullscreen', true);
    // A slider saves when let go, not at every step.
    const music = screen.getByRole('slider', { name: '[[SETTINGS_BG_MUSIC]]' });
    fireEvent.change(music, { target: { value: '70' } });
    expect(saveSetting).not.toHaveBeenCalledWith('bg_music', expect.anything());
    expect(music.parentElement).toHaveTextContent('70%');
    fireEvent.pointerUp(music);
    expect(saveSetting).toHaveBeenLastCalledWith('bg_music', 70);
    expect(session.get().config?.playerConfig.settings.bg_music).toBe(70);
    // Without the chat, the others' messages cannot be chosen.
    const others = screen.getByRole('switch', { name: '[[SETTINGS_CHAT_OTHERS]]' });
    expect(others).toBeEnabled();
    fireEvent.click(screen.getByRole('switch', { name: '[[SETTINGS_CHAT_SHOW]]' }));
    expect(saveSetting).toHaveBeenLastCalledWith('chat_enabled', false);
    expect(others).toBeDisabled();
  });

  it('turns the promotion trophy at the tables off and on (promo_ear_enabled)', () => {
    const { saveSetting, session } = renderPanel({ settings: { promo_ear_enabled: false } });
    const trophy = screen.getByRole('switch', { name: '[[SETTINGS_PROMO_TROPHY]]' });
    expect(trophy).not.toBeChecked();
    fireEvent.click(trophy);
    expect(saveSetting).toHaveBeenLastCalledWith('promo_ear_enabled', true);
    expect(trophy).toBeChecked();
    expect(session.get().config?.playerConfig.settings.promo_ear_enabled).toBe(true);
  });

  it('says when a change could not be saved, and keeps it for the visit', async () => {
    const { session } = renderPanel({ fail: true });
    await act(async () => {
      fireEvent.click(screen.getByRole('switch', { name: '[[SETTINGS_QUICK_GUIDE]]' }));
    });
    expect(screen.getByRole('alert')).toHaveTextContent('[[SETTINGS_SAVE_FAILED]]');
    expect(session.get().config?.playerConfig.settings.show_quick_guide).toBe(false);
  });

  it('has no chat section where the operator turns chat off', () => {
    renderPanel({ casino: { chat_disabled: true } });
    expect(screen.queryByRole('group', { name: '[[SETTINGS_CHAT]]' })).toBeNull();
    expect(screen.getByRole('group', { name: '[[SETTINGS_SOUND]]' })).toBeInTheDocument();
  });

  it('keeps animations off while the system asks for reduced motion', () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('reduced-motion'),
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
    renderPanel();
    const display = screen.getByRole('group', { name: '[[SETTINGS_DISPLAY]]' });
    const anim = within(display).getByRole('switch', { name: '[[SETTINGS_ANIMATIONS]]' });
    expect(anim).toBeDisabled();
    expect(anim).not.toBeChecked();
    expect(display).toHaveTextContent('[[SETTINGS_REDUCED_MOTION]]');
    expect(animationState(true, true)).toBe('off');
    expect(animationState(false, false)).toBe('off');
    expect(animationState(true, false)).toBe('on');
  });

  it('turns subtitles on and off where the operator offers them', () => {
    const { saveSetting, session } = renderPanel({ casino: { subtitles_available: true } });
    const sw = screen.getByRole('switch', { name: '[[SUBTITLES]]' });
    expect(sw).not.toBeChecked();
    fireEvent.click(sw);
    expect(saveSetting).toHaveBeenCalledWith('subtitle_config', { enabled: true });
    expect(session.get().config?.playerConfig.settings.subtitle_config).toEqual({ enabled: true });
    expect(sw).toBeChecked();
    cleanup();
    renderPanel();
    expect(screen.queryByRole('switch', { name: '[[SUBTITLES]]' })).toBeNull();
  });

  it('names the game server and client versions for support', async () => {
    renderPanel();
    expect(await screen.findByTestId('versions')).toHaveTextContent('[[SETTINGS_VERSIONS]]');
  });
});
