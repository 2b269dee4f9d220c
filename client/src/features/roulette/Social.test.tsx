import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import en from '../../lib/i18n/locales/en.json';
import { initTestI18n } from '../../lib/i18n';
import { ChatPanel, type ChatMessage, chatSender } from './Social';

const msg = (over: Partial<ChatMessage>): ChatMessage => ({
  id: '1',
  playerId: '7',
  name: 'Ann',
  text: 'hi',
  role: 'GAME_USER',
  ...over,
});

beforeAll(async () => {
  await initTestI18n(en);
});

afterEach(cleanup);

describe('the chat', () => {
  it('names the sender by role (SPEC §3)', () => {
    const t = i18next.t.bind(i18next);
    expect(chatSender(t, msg({}))).toBe('Ann');
    expect(chatSender(t, msg({ name: '' }))).toBe('[[CHAT_GUEST]]');
    expect(chatSender(t, msg({ role: 'SUPERVISOR', name: '' }))).toBe('[[GAME_HOST]]');
    expect(chatSender(t, msg({ role: 'LIVE_SUPPORT' }))).toBe('[[LIVE_SUPPORT]]');
    expect(chatSender(t, msg({ role: 'BOT' }))).toBe('[[LIVE_SUPPORT]]');
  });

  it('warns before a swear word and does not send it', () => {
    const onSend = vi.fn(() => true);
    render(<ChatPanel messages={[]} me="7" canWrite onSend={onSend} swearwords={['hell']} />);
    const input = screen.getByRole('textbox');
    fireEvent.change(input, { target: { value: 'what the HELL' } });
    fireEvent.submit(input.closest('form')!);
    expect(screen.getByRole('alert')).toHaveTextContent('[[CHAT_FOUL_LANGUAGE]]');
    expect(onSend).not.toHaveBeenCalled();
    fireEvent.change(input, { target: { value: 'hello all' } });
    fireEvent.submit(input.closest('form')!);
    expect(onSend).toHaveBeenCalledWith('hello all');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows a message as text, never as markup', () => {
    render(
      <ChatPanel
        messages={[msg({ text: '<img src=x onerror=alert(1)>' })]}
        me="1"
        canWrite={false}
        onSend={() => true}
      />,
    );
    expect(screen.getByText('<img src=x onerror=alert(1)>')).toBeInTheDocument();
    expect(document.querySelector('.chat img')).toBeNull();
  });
});
