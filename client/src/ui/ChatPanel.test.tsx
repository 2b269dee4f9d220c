import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import en from '../lib/i18n/locales/en.json';
import { initTestI18n } from '../lib/i18n';
import type { ChatMessage, ChatRefusal } from '../lib/table/useTableChat';
import { ChatPanel, chatSender } from './ChatPanel';

const chat = (over: {
  messages?: ChatMessage[];
  me?: string;
  send?: (t: string) => boolean;
  swearwords?: string[];
  refusal?: ChatRefusal | null;
}) => ({
  messages: [],
  me: '7',
  send: () => true,
  swearwords: [],
  refusal: null,
  ...over,
});

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
    render(<ChatPanel chat={chat({ send: onSend, swearwords: ['hell'] })} canWrite />);
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
        chat={chat({ messages: [msg({ text: '<img src=x onerror=alert(1)>' })], me: '1' })}
        canWrite={false}
      />,
    );
    expect(screen.getByText('<img src=x onerror=alert(1)>')).toBeInTheDocument();
    expect(document.querySelector('.chat img')).toBeNull();
  });

  it("says why the server refused the player's message, in the player's words", () => {
    const { rerender } = render(
      <ChatPanel chat={chat({ refusal: { code: 2001, reason: 'muted' } })} canWrite />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('[[CHAT_REFUSED_muted]]');
    rerender(<ChatPanel chat={chat({ refusal: { code: 2005, reason: 'balance' } })} canWrite />);
    expect(screen.getByRole('alert')).toHaveTextContent('[[CHAT_REFUSED_balance]]');
    rerender(<ChatPanel chat={chat({ refusal: { code: 1020, reason: 'seat' } })} canWrite />);
    expect(screen.getByRole('alert')).toHaveTextContent('[[CHAT_SEATED_ONLY]]');
    // A refusal without a reason of its own: the error catalogue's text for its code.
    rerender(<ChatPanel chat={chat({ refusal: { code: 2005, reason: '' } })} canWrite />);
    expect(screen.getByRole('alert')).toHaveTextContent('[[ERROR.2005]]');
    rerender(<ChatPanel chat={chat({})} canWrite />);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("shows a player's avatar beside their name, and none beside the studio's", () => {
    const { container } = render(
      <ChatPanel
        chat={chat({
          messages: [
            msg({ id: '1', avatar: 'crown' }),
            msg({ id: '2', role: 'SUPERVISOR', name: '', avatar: 'crown' }),
          ],
        })}
        canWrite={false}
      />,
    );
    const items = container.querySelectorAll('.chat-messages li');
    expect(items[0]!.querySelector('img[data-avatar="crown"]')).not.toBeNull();
    expect(items[1]!.querySelector('.avatar')).toBeNull();
  });
});
