/** @jest-environment jsdom */
import { jest } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fillDriverForm, validDriver } from '../../test-support/driver-registration';
import { field, messageOf } from '../../test-support/form-fields';
import { DriverRegistrationForm } from './DriverRegistrationForm';

function renderForm() {
  const onSubmit = jest.fn();
  render(
    <>
      <h1 id="heading">Register</h1>
      <DriverRegistrationForm labelledBy="heading" submitLabel="Register Driver" pendingLabel="Registering Driver..." pending={false} onSubmit={onSubmit} />
    </>,
  );
  return { onSubmit, user: userEvent.setup() };
}

describe('driver registration form', () => {
  it('gives the spec message under every empty field and focuses the first one', async () => {
    const { onSubmit, user } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Register Driver' }));
    const expected = {
      'First Name': 'First name is required',
      'Last Name': 'Last name is required',
      'Email Address': 'Valid email is required',
      'Phone Number': 'Valid phone number is required',
      "Driver's License Number": 'License number is required',
      'Home Address': 'Address is required',
    };
    for (const [label, message] of Object.entries(expected)) {
      expect({ label, invalid: field(label).getAttribute('aria-invalid'), message: messageOf(field(label)) }).toEqual({ label, invalid: 'true', message });
    }
    expect(document.activeElement).toBe(field('First Name'));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('rejects a malformed email and a short phone, and clears a message once the field is fixed', async () => {
    const { onSubmit, user } = renderForm();
    await fillDriverForm(user, { email: 'john@', phone: '555-1234' });
    await user.click(screen.getByRole('button', { name: 'Register Driver' }));
    expect(messageOf(field('Email Address'))).toBe('Valid email is required');
    expect(messageOf(field('Phone Number'))).toBe('Valid phone number is required');
    expect(field('First Name').getAttribute('aria-invalid')).toBeNull();
    expect(document.activeElement).toBe(field('Email Address'));

    await user.type(field('Email Address'), 'example.com');
    expect(field('Email Address').getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByText('Valid email is required')).toBeNull();
    expect(messageOf(field('Phone Number'))).toBe('Valid phone number is required');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('hands over the trimmed payload when everything is valid', async () => {
    const { onSubmit, user } = renderForm();
    await fillDriverForm(user, { firstName: ' John ' });
    await user.click(screen.getByRole('button', { name: 'Register Driver' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.calls[0][0]).toEqual({ ...validDriver, firstName: 'John' });
  });

  it('names the field a too long value is about', async () => {
    const { user } = renderForm();
    await user.type(field('First Name'), 'J'.repeat(61));
    await user.click(screen.getByRole('button', { name: 'Register Driver' }));
    expect(messageOf(field('First Name'))).toBe('First name must be at most 60 characters');
  });

  it('disables the button and says so while the request is pending', () => {
    render(<DriverRegistrationForm labelledBy="x" submitLabel="Register as Driver" pendingLabel="Creating Your Account..." pending onSubmit={() => {}} />);
    const button = screen.getByRole('button', { name: 'Creating Your Account...' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
  });
});
