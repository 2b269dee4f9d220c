import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { units } from '../lib/format/money';
import { HostContext } from '../lib/host/context';
import { HttpError } from '../lib/http/http';
import en from '../lib/i18n/locales/en.json';
import { initTestI18n } from '../lib/i18n';
import { type AllConfig, type Services, ServicesContext, type SessionState } from '../lib/session';
import { Toaster } from '../ui/Toaster';
import { Header } from './Header';
import { urlOf } from '../lib/http/urls';
import { currencyOf } from './start';
import { testSession } from '../lib/session.test-util';

const refusal = (status: number, code: number, error = 'x') =>
  new HttpError(
    status === 403 ? 'forbidden' : 'http',
    status,
    JSON.stringify({ error, message: 'refused', code }),
    code,
  );

function setup({
  casino = {},
  name = 'Ann',
  get = async () => ({ screenName: name, editable: true, minLength: 2, maxLength: 20 }),
  put = async (_path: string, body: Record<string, unknown>) => ({
    screenName: body.screenName,
    editable: true,
  }),
}: {
  casino?: Record<string, unknown>;
  name?: string;
  get?: (path: string) => Promise<unknown>;
  put?: (path: string, body: Record<string, unknown>) => Promise<unknown>;
} = {}) {
  const config = {
    playerConfig: {
      player: { id: '7', name, currency: '€', currencyCode: 'EUR', symbolBefore: true },
      settings: {},
    },
    casinoConfig: casino,
  } as unknown as AllConfig;
  const session = testSession({
    config,
    balance: { total: units('10.00'), bonus: units('0') },
    connection: { status: 'open', quality: 'good', rtt: 20 },
  });
  const http = { get: vi.fn(get), put: vi.fn(put) };
  const services = {
    session,
    http,
    currency: () => currencyOf(session.get().config),
    saveSetting: vi.fn(async () => {}),
  } as unknown as Services;
  render(
    <ServicesContext.Provider value={services}>
      <HostContext.Provider value={null}>
        <Header />
        <Toaster />
      </HostContext.Provider>
    </ServicesContext.Provider>,
  );
  return { session, http, user: userEvent.setup() };
}

const nameOf = (s: SessionState) => s.config?.playerConfig.player.name;
const message = () => screen.getByTestId('screen-name-message');

/** Opens the dialog from the header's name and waits for the server's current name. */
async function open(user: ReturnType<typeof userEvent.setup>, http: { get: unknown }) {
  await user.click(screen.getByRole('button', { name: '[[SCREEN_NAME_CHANGE]]' }));
  await waitFor(() => expect(http.get).toHaveBeenCalledWith(urlOf('screenName')));
  return screen.getByRole<HTMLInputElement>('textbox', { name: '[[SCREEN_NAME_LABEL]]' });
}

beforeAll(async () => {
  await initTestI18n(en);
});

afterEach(cleanup);

describe("the header's screen name", () => {
  it('is a button that opens a labelled modal dialog with the current name', async () => {
    const { http, user } = setup();
    const button = screen.getByTestId('player-name');
    expect(button.tagName).toBe('BUTTON');
    expect(button).toHaveTextContent('Ann');
    expect(button).toHaveAttribute('aria-haspopup', 'dialog');
    const input = await open(user, http);
    const dialog = screen.getByRole('dialog', { name: '[[SCREEN_NAME_TITLE]]' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toContainElement(input);
    expect(input).toHaveValue('Ann');
    expect(input).toHaveFocus();
    expect(input).toHaveAccessibleDescription(/\[\[SCREEN_NAME_HINT\]\]/);
    expect(message()).toHaveAttribute('aria-live', 'polite');
    expect(message()).toBeEmptyDOMElement(); // nothing typed yet
  });

  it('is plain text when the operator restricts editing', () => {
    setup({ casino: { restrict_nickname_edit: true } });
    const name = screen.getByTestId('player-name');
    expect(name.tagName).toBe('SPAN');
    expect(name).toHaveTextContent('Ann');
    expect(screen.queryByRole('button', { name: '[[SCREEN_NAME_CHANGE]]' })).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('checks the name as it is typed', async () => {
    const { http, user } = setup();
    const input = await open(user, http);
    await user.clear(input);
    expect(message()).toHaveAttribute('data-key', 'SETTINGS_NICKNAME_CHAR');
    expect(message()).toHaveTextContent('[[SETTINGS_NICKNAME_CHAR]]');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    await user.type(input, 'B');
    expect(message()).toHaveAttribute('data-key', 'SETTINGS_NICKNAME_CHAR');
    await user.type(input, 'o');
    expect(message()).toBeEmptyDOMElement();
    expect(input).toHaveAttribute('aria-invalid', 'false');
    await user.type(input, ' b');
    expect(message()).toHaveAttribute('data-key', 'SETTINGS_CHAR_ACCEPTED_UNICODE');
    await user.clear(input);
    await user.type(input, 'x'.repeat(21));
    expect(message()).toHaveAttribute('data-key', 'SETTINGS_NICKNAME_CHAR_MAX');
    await user.clear(input);
    await user.type(input, 'aNN');
    expect(message()).toHaveAttribute('data-key', 'SETTINGS_SELECTED_NICKNAME');
    // Nothing was sent.
    await user.keyboard('{Enter}');
    expect(http.put).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('saves with Enter: the header shows the new name at once and gets the focus', async () => {
    const { http, session, user } = setup();
    const input = await open(user, http);
    await user.clear(input);
    await user.type(input, '李小龍{Enter}');
    expect(http.put).toHaveBeenCalledWith(urlOf('screenName'), { screenName: '李小龍' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(nameOf(session.get())).toBe('李小龍');
    const button = screen.getByTestId('player-name');
    expect(button).toHaveTextContent('李小龍');
    expect(button).toHaveFocus();
    expect(screen.getByTestId('toast')).toHaveTextContent('[[SCREEN_NAME_SAVED]]');
  });

  it('saves with the Save button and takes the name the server answers with', async () => {
    const { http, session, user } = setup({
      put: async () => ({ screenName: 'Bob', editable: true }),
    });
    const input = await open(user, http);
    await user.clear(input);
    await user.type(input, 'bob');
    await user.click(screen.getByRole('button', { name: '[[SCREEN_NAME_SAVE]]' }));
    await waitFor(() => expect(nameOf(session.get())).toBe('Bob'));
    expect(screen.getByTestId('player-name')).toHaveTextContent('Bob');
  });

  it('cancels with Escape or Cancel, leaving the name, and gives the focus back', async () => {
    const { http, session, user } = setup();
    let input = await open(user, http);
    await user.type(input, 'Zed');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByTestId('player-name')).toHaveFocus();
    input = await open(user, http);
    expect(input).toHaveValue('Ann');
    await user.click(screen.getByRole('button', { name: '[[SCREEN_NAME_CANCEL]]' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByTestId('player-name')).toHaveFocus();
    expect(http.put).not.toHaveBeenCalled();
    expect(nameOf(session.get())).toBe('Ann');
  });

  it('keeps the keyboard inside the dialog', async () => {
    const { http, user } = setup();
    const input = await open(user, http);
    const save = screen.getByRole('button', { name: '[[SCREEN_NAME_SAVE]]' });
    const cancel = screen.getByRole('button', { name: '[[SCREEN_NAME_CANCEL]]' });
    await user.tab();
    expect(save).toHaveFocus();
    await user.tab();
    expect(cancel).toHaveFocus();
    await user.tab();
    expect(input).toHaveFocus();
    await user.tab({ shift: true });
    expect(cancel).toHaveFocus();
  });

  it.each([
    [400, 1013, 'SETTINGS_CHAR_ACCEPTED_UNICODE'],
    [409, 1014, 'SETTINGS_NICKNAME_EXIST'],
    [400, 1016, 'SETTINGS_SELECTED_NICKNAME'],
    [403, 2001, 'ERROR.2001'],
    [400, 1005, 'ERROR.2001'],
    [500, 0, 'ERROR.2001'],
  ])('shows the %i refusal with code %i as %s', async (status, code, key) => {
    const { http, session, user } = setup({
      put: async () => {
        throw refusal(status, code);
      },
    });
    const input = await open(user, http);
    await user.clear(input);
    await user.type(input, 'Taken1{Enter}');
    await waitFor(() => expect(message()).toHaveAttribute('data-key', key));
    expect(message()).toHaveTextContent(`[[${key}]]`);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(input).toHaveFocus();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(nameOf(session.get())).toBe('Ann');
    // Typing again clears the server's answer.
    await user.type(input, '2');
    expect(message()).toBeEmptyDOMElement();
  });

  it('says the action failed when the server cannot be reached', async () => {
    const { http, user } = setup({
      put: async () => {
        throw new HttpError('network', 0, 'TypeError: Failed to fetch');
      },
    });
    const input = await open(user, http);
    await user.clear(input);
    await user.type(input, 'Newname{Enter}');
    await waitFor(() => expect(message()).toHaveAttribute('data-key', 'ERROR.2001'));
  });

  it('refuses once more taps while a save is under way', async () => {
    let answer: (v: unknown) => void = () => {};
    const { http, user } = setup({ put: () => new Promise((r) => (answer = r)) });
    const input = await open(user, http);
    await user.clear(input);
    await user.type(input, 'Cleo{Enter}');
    const save = screen.getByRole('button', { name: '[[SCREEN_NAME_SAVE]]' });
    expect(save).toBeDisabled();
    await user.keyboard('{Enter}');
    fireEvent.submit(input.form!);
    expect(http.put).toHaveBeenCalledOnce();
    await act(async () => answer({ screenName: 'Cleo', editable: true }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("takes the server's current name and limits", async () => {
    const { http, session, user } = setup({
      get: async () => ({ screenName: 'Annie', editable: true, minLength: 3, maxLength: 8 }),
    });
    const input = await open(user, http);
    await waitFor(() => expect(input).toHaveValue('Annie'));
    expect(screen.getByTestId('player-name')).toHaveTextContent('Annie');
    expect(nameOf(session.get())).toBe('Annie');
    await user.clear(input);
    await user.type(input, 'Abcdefghi');
    expect(message()).toHaveAttribute('data-key', 'SETTINGS_NICKNAME_CHAR_MAX');
    await user.clear(input);
    await user.type(input, 'ANNIE');
    expect(message()).toHaveAttribute('data-key', 'SETTINGS_SELECTED_NICKNAME');
  });

  it('works with the header name and the SPEC limits when the server does not answer', async () => {
    const { http, user } = setup({
      get: async () => {
        throw new HttpError('http', 404, 'not found');
      },
    });
    const input = await open(user, http);
    expect(input).toHaveValue('Ann');
    await user.clear(input);
    await user.type(input, 'x'.repeat(20));
    expect(message()).toBeEmptyDOMElement();
  });

  it('does not offer to save when the server says editing is restricted', async () => {
    const { http, user } = setup({
      get: async () => ({ screenName: 'Ann', editable: false }),
    });
    const input = await open(user, http);
    await waitFor(() => expect(message()).toHaveAttribute('data-key', 'SCREEN_NAME_RESTRICTED'));
    expect(input).toHaveAttribute('readonly');
    expect(screen.getByRole('button', { name: '[[SCREEN_NAME_SAVE]]' })).toBeDisabled();
    await user.keyboard('{Enter}');
    expect(http.put).not.toHaveBeenCalled();
  });
});
