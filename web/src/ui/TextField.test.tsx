/** @jest-environment jsdom */
import { render, screen } from '@testing-library/react';
import { TextField } from './TextField';

describe('TextField', () => {
  it('ties its hint and its error to the input, and marks it invalid', () => {
    render(<TextField id="pw" label="New Password" required hint="At least 8 characters." error="Too short" value="abc" onChange={() => {}} />);
    const input = screen.getByRole('textbox', { name: 'New Password' });
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe('pw-error pw-hint');
    expect(document.getElementById('pw-error')?.textContent).toBe('Too short');
    expect(document.getElementById('pw-hint')?.textContent).toBe('At least 8 characters.');
    expect(input.hasAttribute('required')).toBe(true);
    // The star is for the eye: the required state is read from the input.
    expect(document.querySelector('label .required')?.getAttribute('aria-hidden')).toBe('true');
  });

  it('says nothing more of a valid optional field', () => {
    render(<TextField id="city" label="City" className="span-2" value="" onChange={() => {}} />);
    const input = screen.getByRole('textbox', { name: 'City' });
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(input.getAttribute('aria-describedby')).toBeNull();
    expect(input.parentElement?.className).toBe('field span-2');
  });
});
