/** @jest-environment jsdom */
import { jest } from '@jest/globals';
import { act, render, screen } from '@testing-library/react';
import { Countdown } from './Countdown';

describe('Countdown', () => {
  beforeEach(() => {
    jest.useFakeTimers({ now: new Date('2026-11-23T21:00:00.000Z') });
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it('ticks down every second and then says the time has passed', () => {
    render(<Countdown deadline="2026-11-23T21:01:02.000Z" label="Answer within" expiredText="Time to answer has passed" />);
    const timer = screen.getByRole('timer');
    expect(timer.textContent).toBe('1:02');
    expect(timer.getAttribute('aria-label')).toBe('1 minute 2 seconds');
    expect(timer.parentElement?.textContent).toBe('Answer within 1:02');

    act(() => {
      jest.advanceTimersByTime(1000);
    });
    expect(screen.getByRole('timer').textContent).toBe('1:01');

    act(() => {
      jest.advanceTimersByTime(61_000);
    });
    expect(screen.queryByRole('timer')).toBeNull();
    expect(screen.getByText('Time to answer has passed')).toBeTruthy();
  });
});
