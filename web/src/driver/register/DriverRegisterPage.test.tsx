/** @jest-environment jsdom */
import { jest } from '@jest/globals';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonAnswer as answer } from '../../test-support/customer-booking';
import { fillDriverForm } from '../../test-support/driver-registration';
import { field, messageOf } from '../../test-support/form-fields';
import { renderWithApp } from '../../test-support/render';
import DriverRegisterPage from './DriverRegisterPage';

describe('the driver application page', () => {
  it("shows a refusal that names its field under that field, focused, until the field changes", async () => {
    const taken = 'A driver with this email address is already registered';
    globalThis.fetch = jest.fn(async () => answer(409, { statusCode: 409, message: taken, errors: [{ path: 'email', message: taken }] })) as typeof fetch;
    renderWithApp(<DriverRegisterPage />, { path: '/driver/register' });
    const user = userEvent.setup();
    await fillDriverForm(user);
    await user.click(screen.getByRole('button', { name: 'Register as Driver' }));

    await waitFor(() => expect(messageOf(field('Email Address'))).toBe(taken));
    expect(field('Email Address').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(field('Email Address'));
    expect(messageOf(field('First Name'))).toBeFalsy();

    await user.type(field('Email Address'), 'x');
    expect(field('Email Address').getAttribute('aria-invalid')).toBeNull();
  });
});
