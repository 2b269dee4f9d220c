import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import en from '../lib/i18n/locales/en.json';
import { initTestI18n } from '../lib/i18n';
import { locationParams } from '../lib/location';
import { LocationPage } from './LocationPage';

function renderPage(search: string) {
  window.history.replaceState(null, '', `/play/location-restrictions${search}`);
  return render(<LocationPage params={locationParams(search)} />);
}

beforeEach(() => {
  // The skin the page's theme reads; nothing else is fetched.
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('{"colors":{}}')),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the location-restrictions page', () => {
  beforeAll(async () => {
    await initTestI18n(en);
  });

  it('says for 1052 that play is not available from where the player is', () => {
    renderPage('?lang=en&code=1052');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('[[LOCATION_TITLE]]');
    expect(screen.getByTestId('location-text')).toHaveTextContent('[[LOCATION_1052]]');
    expect(screen.queryByTestId('location-uk')).toBeNull();
    expect(screen.queryByRole('link')).toBeNull(); // the whole casino is closed to them
    expect(screen.getByRole('main')).toBeInTheDocument();
  });

  it('says for 2006 that this game is not available in the country, and offers the lobby', () => {
    renderPage('?lang=de&code=2006');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      '[[LOCATION_TITLE_COUNTRY]]',
    );
    expect(screen.getByTestId('location-text')).toHaveTextContent('[[LOCATION_2006]]');
    expect(screen.getByRole('link', { name: '[[BACK_TO_LOBBY]]' })).toHaveAttribute(
      'href',
      '/play/lobby?lang=de',
    );
  });

  it('adds the UK-only message with uk=1', () => {
    renderPage('?code=1052&uk=1');
    expect(screen.getByTestId('location-uk')).toHaveTextContent('[[LOCATION_UK_ONLY]]');
    expect(document.title).toContain('[[LOCATION_TITLE]]');
  });

  it('starts none of the services: the skin is all it reads', () => {
    renderPage('?code=1052&theme=blue');
    const calls = vi.mocked(fetch).mock.calls.map((c) => String(c[0]));
    expect(calls).toEqual(['/skins/blue.json']);
  });
});
