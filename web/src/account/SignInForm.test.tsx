/** @jest-environment jsdom */
import { jest } from '@jest/globals';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonAnswer as answer } from '../test-support/customer-booking';
import { renderWithApp } from '../test-support/render';
import { SignInForm } from './SignInForm';

const WRONG_CODE = 'This code is not right or has expired. Check the email, or ask for a new code.';

/** The form drawn, a code asked for ada@example.com: the user and the code field. */
async function askForCode() {
  const user = userEvent.setup();
  renderWithApp(<SignInForm onSignedIn={() => undefined} />, { path: '/account' });
  await user.type(screen.getByLabelText(/^Email/), 'ada@example.com');
  await user.click(screen.getByRole('button', { name: 'Email Me a Code' }));
  return { user, code: await screen.findByLabelText(/^Code/) };
}

describe('account sign-in', () => {
  beforeEach(() => {
    globalThis.fetch = jest.fn(async (url: string | URL | Request) =>
      String(url) === '/api/account/code'
        ? answer(202, { message: 'If this email can sign in, a code is on its way. It is valid for 10 minutes.' })
        : answer(401, { statusCode: 401, message: WRONG_CODE }),
    ) as typeof fetch;
  });

  it('says a code was wrong until another is typed, then only what is wrong with the new one', async () => {
    const { user, code } = await askForCode();
    await user.type(code, '000000');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect((await screen.findByRole('alert')).textContent).toBe(WRONG_CODE);

    await user.clear(code);
    await user.type(code, '12ab');
    expect(screen.queryByText(WRONG_CODE)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(document.getElementById(code.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Enter the 6-digit code from the email'));
    expect(screen.queryByText(WRONG_CODE)).toBeNull();
  });

  it('keeps Sign In off while a code is being checked, even if the code is typed again meanwhile', async () => {
    let answerSignIn!: () => void;
    globalThis.fetch = jest.fn(async (url: string | URL | Request) => {
      if (String(url) === '/api/account/code') return answer(202, { message: 'A code is on its way.' });
      await new Promise<void>((resolve) => (answerSignIn = resolve));
      return answer(401, { statusCode: 401, message: WRONG_CODE });
    }) as typeof fetch;
    const { user, code } = await askForCode();
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(answerSignIn).toBeDefined());
    await user.clear(code);
    await user.type(code, '654321');
    expect((screen.getByRole('button', { name: /Sign/ }) as HTMLButtonElement).disabled).toBe(true);
    answerSignIn();
    expect((await screen.findByRole('alert')).textContent).toBe(WRONG_CODE);
  });
});
