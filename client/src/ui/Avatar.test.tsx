import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import en from '../lib/i18n/locales/en.json';
import { initTestI18n } from '../lib/i18n';
import { AVATARS, Avatar, AvatarPicker } from './Avatar';

beforeAll(async () => {
  await initTestI18n(en);
});

afterEach(cleanup);

describe('avatars', () => {
  it('shows a known avatar as its image, anything else as the initial', () => {
    const { container, rerender } = render(<Avatar id="crown" name="Ann" />);
    expect(container.querySelector('img')).toHaveAttribute('src', '/avatars/crown.svg');
    rerender(<Avatar id="../../etc" name="ann" />);
    expect(container.querySelector('img')).toBeNull();
    expect(container.textContent).toBe('A');
    rerender(<Avatar name="" />);
    expect(container.textContent).toBe('?');
  });

  it('offers every avatar and none, each named, the chosen one checked', () => {
    const onChange = vi.fn();
    render(<AvatarPicker value="moon" onChange={onChange} />);
    const radios = screen.getAllByRole('radio');
    expect(radios).toHaveLength(AVATARS.length + 1);
    expect(screen.getByRole('radio', { name: '[[AVATAR_moon]]' })).toBeChecked();
    fireEvent.click(screen.getByRole('radio', { name: '[[AVATAR_seven]]' }));
    expect(onChange).toHaveBeenCalledWith('seven');
    fireEvent.click(screen.getByRole('radio', { name: '[[AVATAR_NONE]]' }));
    expect(onChange).toHaveBeenCalledWith(null);
  });

  it('ships an image for every avatar', async () => {
    const { existsSync } = await import('node:fs');
    const { resolve } = await import('node:path');
    for (const id of AVATARS)
      expect(existsSync(resolve(__dirname, `../../public/avatars/${id}.svg`)), id).toBe(true);
  });
});
