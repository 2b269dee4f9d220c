import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import type { AccountApi, AccountConfig, SignedInPlayer } from '../../lib/account';
import { HttpError } from '../../lib/http/http';
import { initTestI18n } from '../../lib/i18n';
import en from '../../lib/i18n/locales/en.json';
import AccountPage from './AccountPage';

const NOW = Date.UTC(2026, 5, 15, 12);
const CLUB: AccountConfig = {
  accounts: true,
  operatorId: 'club',
  minimumAge: 18,
  freePlay: true,
  currency: 'EUR',
};
const PLAYER: SignedInPlayer = { id: '7', name: 'ann_01', operatorId: 'club' };

/** The server's refusal of a call, as lib/http throws it. */
function refusal(status: number, body: { code: number; field?: string }) {
  const problem = status === 401 ? 'unauthorized' : status === 403 ? 'forbidden' : 'http';
  return new HttpError(
    problem,
    status,
    JSON.stringify({ error: 'X', message: 'x', ...body }),
    body.code,
  );
}

function fakeApi(config: AccountConfig | Error = CLUB) {
  return {
    config: vi.fn(async () => {
      if (config instanceof Error) throw config;
      return config;
    }),
    register: vi.fn(async (): Promise<SignedInPlayer> => PLAYER),
    login: vi.fn(async (): Promise<SignedInPlayer> => PLAYER),
    freePlay: vi.fn(async (): Promise<SignedInPlayer> => ({ ...PLAYER, operatorId: 'demo' })),
  } satisfies AccountApi;
}

async function renderPage(api = fakeApi(), props: Partial<Parameters<typeof AccountPage>[0]> = {}) {
  const onSignedIn = vi.fn();
  const onFormChange = vi.fn();
  render(
    <AccountPage
      api={api}
      onSignedIn={onSignedIn}
      onFormChange={onFormChange}
      language="de"
      now={() => NOW}
      {...props}
    />,
  );
  await screen.findByRole('heading', { level: 1 }).catch(() => undefined);
  return { api, onSignedIn, onFormChange, user: userEvent.setup() };
}

const form = (name: string) => screen.getByTestId(`${name}-form`);
const field = (f: HTMLElement, label: string) => within(f).getByLabelText(`[[${label}]]`);

/** The ids an input's aria-describedby names, as their texts. */
function description(input: HTMLElement): string {
  return (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? `(${id} missing)`)
    .join(' | ');
}

async function fillRegistration(
  user: ReturnType<typeof userEvent.setup>,
  values: Partial<Record<string, string>> = {},
) {
  const f = form('register');
  const v = {
    ACCOUNT_EMAIL: 'ann@example.com',
    ACCOUNT_USERNAME: 'ann_01',
    ACCOUNT_PASSWORD: 'secret123',
    ACCOUNT_VOUCHER_ID: 'V-1',
    ACCOUNT_VOUCHER_AMOUNT: '25.00',
    ...values,
  };
  for (const [label, text] of Object.entries(v)) {
    const input = field(f, label);
    await user.clear(input);
    if (text) await user.type(input, text);
  }
  fireEvent.change(field(f, 'ACCOUNT_BIRTH_DATE'), {
    target: { value: values.ACCOUNT_BIRTH_DATE ?? '1990-04-02' },
  });
}

beforeAll(async () => {
  await initTestI18n(en);
});

afterEach(cleanup);

describe('the login page', () => {
  it('offers its forms as tabs, free play only where the casino has it', async () => {
    const { onFormChange, user } = await renderPage();
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual([
      '[[ACCOUNT_LOG_IN]]',
      '[[ACCOUNT_REGISTER]]',
      '[[ACCOUNT_FREE_PLAY]]',
    ]);
    expect(screen.getByRole('tablist')).toHaveAccessibleName('[[ACCOUNT_FORMS]]');
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toContainElement(form('login'));
    // The keyboard: arrows between the tabs, one Tab stop.
    tabs[0]!.focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByTestId('account-tab-register')).toHaveFocus();
    expect(screen.getByTestId('account-tab-register')).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toContainElement(form('register'));
    expect(onFormChange).toHaveBeenLastCalledWith('register');
    await user.keyboard('{End}');
    expect(screen.getByTestId('account-tab-freeplay')).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByTestId('account-tab-login')).toHaveFocus();
    expect(screen.getAllByRole('tab').filter((t) => t.tabIndex === 0)).toHaveLength(1);

    cleanup();
    await renderPage(fakeApi({ ...CLUB, freePlay: false }), { initialForm: 'freeplay' });
    expect(screen.getAllByRole('tab')).toHaveLength(2);
    expect(screen.getByTestId('account-tab-login')).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByTestId('freeplay-form')).toBeNull();
  });

  it('says so where the casino has no accounts, and offers a reload when it cannot tell', async () => {
    await renderPage(fakeApi({ accounts: false }));
    expect(await screen.findByTestId('page-message')).toHaveTextContent(
      '[[ACCOUNT_UNAVAILABLE_TITLE]]',
    );
    expect(screen.queryByRole('tab')).toBeNull();
    cleanup();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await renderPage(fakeApi(new HttpError('network', 0, '')));
    expect(await screen.findByRole('button', { name: '[[RELOAD]]' })).toBeInTheDocument();
    vi.restoreAllMocks();
  });

  it('logs in with a username or an address and hands the player over', async () => {
    const { api, onSignedIn, user } = await renderPage();
    const f = form('login');
    const name = field(f, 'ACCOUNT_USERNAME_OR_EMAIL');
    const password = field(f, 'ACCOUNT_PASSWORD');
    expect(name).toHaveAttribute('autocomplete', 'username');
    expect(password).toHaveAttribute('type', 'password');
    expect(password).toHaveAttribute('autocomplete', 'current-password');
    await user.type(name, ' ann@example.com ');
    await user.type(password, 'secret123{Enter}');
    expect(api.login).toHaveBeenCalledWith('ann@example.com', 'secret123');
    expect(onSignedIn).toHaveBeenCalledWith(PLAYER);
  });

  it('marks empty login fields without sending, the focus on the first', async () => {
    const { api, user } = await renderPage();
    const f = form('login');
    await user.click(within(f).getByTestId('login-submit'));
    expect(api.login).not.toHaveBeenCalled();
    const name = field(f, 'ACCOUNT_USERNAME_OR_EMAIL');
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveFocus();
    expect(description(name)).toBe('[[ACCOUNT_REQUIRED]]');
    // Typing clears the field's problem.
    await user.type(name, 'ann');
    expect(name).toHaveAttribute('aria-invalid', 'false');
    expect(name).not.toHaveAttribute('aria-describedby');
  });

  it("shows a refused login's catalogue message and moves the focus to it", async () => {
    const api = fakeApi();
    api.login.mockRejectedValueOnce(refusal(401, { code: 2008 }));
    const { onSignedIn, user } = await renderPage(api);
    const f = form('login');
    await user.type(field(f, 'ACCOUNT_USERNAME_OR_EMAIL'), 'ann');
    await user.type(field(f, 'ACCOUNT_PASSWORD'), 'wrong1234{Enter}');
    const alert = await within(f).findByRole('alert');
    expect(alert).toHaveTextContent('[[ERROR.2008]]');
    await waitFor(() => expect(alert).toHaveFocus());
    expect(onSignedIn).not.toHaveBeenCalled();
    expect(within(f).getByTestId('login-submit')).toBeEnabled();

    // An account restricted by its operator: its own message.
    api.login.mockRejectedValueOnce(refusal(403, { code: 10102 }));
    await user.click(within(f).getByTestId('login-submit'));
    expect(await within(f).findByRole('alert')).toHaveTextContent('[[ERROR.10102]]');
  });

  it('keeps the submit button disabled while the form is sent', async () => {
    const api = fakeApi();
    let answer: (p: SignedInPlayer) => void = () => {};
    api.login.mockImplementationOnce(() => new Promise((r) => (answer = r)));
    const { onSignedIn, user } = await renderPage(api);
    const f = form('login');
    await user.type(field(f, 'ACCOUNT_USERNAME_OR_EMAIL'), 'ann');
    await user.type(field(f, 'ACCOUNT_PASSWORD'), 'secret123');
    const submit = within(f).getByTestId('login-submit');
    await user.click(submit);
    expect(submit).toBeDisabled();
    expect(submit).toHaveAttribute('aria-busy', 'true');
    fireEvent.submit(f); // a second Enter sends nothing more
    expect(api.login).toHaveBeenCalledTimes(1);
    await act(async () => answer(PLAYER));
    expect(onSignedIn).toHaveBeenCalledTimes(1);
  });
});

describe('registration', () => {
  it('labels every field, with the autocomplete a phone needs', async () => {
    const { user } = await renderPage(fakeApi(), { initialForm: 'register' });
    const f = form('register');
    expect(field(f, 'ACCOUNT_EMAIL')).toHaveAttribute('type', 'email');
    expect(field(f, 'ACCOUNT_EMAIL')).toHaveAttribute('autocomplete', 'email');
    expect(field(f, 'ACCOUNT_USERNAME')).toHaveAttribute('autocomplete', 'username');
    expect(field(f, 'ACCOUNT_PASSWORD')).toHaveAttribute('type', 'password');
    expect(field(f, 'ACCOUNT_PASSWORD')).toHaveAttribute('autocomplete', 'new-password');
    const birth = field(f, 'ACCOUNT_BIRTH_DATE');
    expect(birth).toHaveAttribute('type', 'date');
    expect(birth).toHaveAttribute('autocomplete', 'bday');
    expect(birth).toHaveAttribute('max', '2026-06-15');
    expect(description(birth)).toBe('[[ACCOUNT_BIRTH_DATE_HINT]]');
    expect(field(f, 'ACCOUNT_VOUCHER_AMOUNT')).toHaveAttribute('inputmode', 'decimal');
    const terms = field(f, 'ACCOUNT_TERMS');
    expect(terms).toHaveAttribute('type', 'checkbox');
    expect(terms).toBeRequired();
    await user.click(terms);
    expect(terms).toBeChecked();
  });

  it('shows an age under the minimum next to the date of birth, without sending', async () => {
    const { api, user } = await renderPage(fakeApi(), { initialForm: 'register' });
    await fillRegistration(user, { ACCOUNT_BIRTH_DATE: '2010-01-01' });
    const f = form('register');
    await user.click(field(f, 'ACCOUNT_TERMS'));
    await user.click(within(f).getByTestId('register-submit'));
    expect(api.register).not.toHaveBeenCalled();
    const birth = field(f, 'ACCOUNT_BIRTH_DATE');
    expect(birth).toHaveAttribute('aria-invalid', 'true');
    expect(birth).toHaveFocus();
    expect(within(f).getByTestId('account-error-birthDate')).toHaveTextContent(
      '[[ACCOUNT_UNDER_AGE]]',
    );
    // The problem is read first, then the hint.
    expect(description(birth)).toBe('[[ACCOUNT_UNDER_AGE]] | [[ACCOUNT_BIRTH_DATE_HINT]]');
    expect(field(f, 'ACCOUNT_EMAIL')).toHaveAttribute('aria-invalid', 'false');
  });

  it('marks every missing field, the focus on the first of them', async () => {
    const { user } = await renderPage(fakeApi(), { initialForm: 'register' });
    const f = form('register');
    await user.click(within(f).getByTestId('register-submit'));
    const invalid = [...f.querySelectorAll('[aria-invalid="true"]')].map((e) =>
      e.getAttribute('name'),
    );
    expect(invalid).toEqual([
      'email',
      'username',
      'password',
      'birthDate',
      'voucherId',
      'voucherAmount',
      'termsAccepted',
    ]);
    expect(field(f, 'ACCOUNT_EMAIL')).toHaveFocus();
    expect(field(f, 'ACCOUNT_TERMS')).toHaveAttribute('aria-invalid', 'true');
    expect(description(field(f, 'ACCOUNT_TERMS'))).toBe('[[ACCOUNT_TERMS_REQUIRED]]');
  });

  it("sends the registration and shows the server's refusal next to the field it names", async () => {
    const api = fakeApi();
    api.register.mockRejectedValueOnce(refusal(400, { code: 20101, field: 'voucherId' }));
    const { onSignedIn, user } = await renderPage(api, { initialForm: 'register' });
    await fillRegistration(user, { ACCOUNT_VOUCHER_AMOUNT: '25,00' });
    const f = form('register');
    await user.click(field(f, 'ACCOUNT_TERMS'));
    await user.click(within(f).getByTestId('register-submit'));
    expect(api.register).toHaveBeenCalledWith({
      email: 'ann@example.com',
      username: 'ann_01',
      password: 'secret123',
      voucherId: 'V-1',
      voucherAmount: '25.00',
      birthDate: '1990-04-02',
      termsAccepted: true,
      language: 'de',
    });
    const voucher = field(f, 'ACCOUNT_VOUCHER_ID');
    expect(await within(f).findByRole('alert')).toHaveTextContent('[[ERROR.20101]]');
    expect(voucher).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(voucher).toHaveFocus());
    expect(description(voucher)).toBe('[[ACCOUNT_VOUCHER_REFUSED]] | [[ACCOUNT_VOUCHER_HINT]]');
    expect(onSignedIn).not.toHaveBeenCalled();

    // The server's word on the age (20100) goes next to the date of birth.
    api.register.mockRejectedValueOnce(refusal(400, { code: 20100, field: 'birthDate' }));
    await user.click(within(f).getByTestId('register-submit'));
    expect(await within(f).findByTestId('account-error-birthDate')).toHaveTextContent(
      '[[ACCOUNT_UNDER_AGE]]',
    );
    expect(within(f).getByRole('alert')).toHaveTextContent('[[ERROR.20100]]');
    expect(field(f, 'ACCOUNT_BIRTH_DATE')).toHaveFocus();

    // Accepted: the player is handed over.
    await user.click(within(f).getByTestId('register-submit'));
    expect(onSignedIn).toHaveBeenCalledWith(PLAYER);
  });
});

describe('free play', () => {
  it('needs only an address, sent with the page language', async () => {
    const { api, onSignedIn, user } = await renderPage(fakeApi(), { initialForm: 'freeplay' });
    const f = form('freeplay');
    const email = field(f, 'ACCOUNT_EMAIL');
    await user.type(email, 'nope{Enter}');
    expect(api.freePlay).not.toHaveBeenCalled();
    expect(email).toHaveFocus();
    expect(description(email)).toBe('[[ACCOUNT_EMAIL_INVALID]]');
    await user.clear(email);
    await user.type(email, 'fun@example.com{Enter}');
    expect(api.freePlay).toHaveBeenCalledWith('fun@example.com', 'de');
    expect(onSignedIn).toHaveBeenCalledWith({ ...PLAYER, operatorId: 'demo' });
  });

  it("shows the server's refusal of the address on it", async () => {
    const api = fakeApi();
    api.freePlay.mockRejectedValueOnce(refusal(400, { code: 20101, field: 'email' }));
    const { user } = await renderPage(api, { initialForm: 'freeplay' });
    const f = form('freeplay');
    await user.type(field(f, 'ACCOUNT_EMAIL'), 'fun@example.com{Enter}');
    expect(await within(f).findByTestId('account-error-email')).toHaveTextContent(
      '[[ACCOUNT_EMAIL_INVALID]]',
    );
    expect(field(f, 'ACCOUNT_EMAIL')).toHaveFocus();
  });
});
