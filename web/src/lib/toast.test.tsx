/** @jest-environment jsdom */
import { act, render, screen, waitFor } from '@testing-library/react';
import { ToastProvider, useToast } from './toast';

/*
 * The toast is placed again when the page changes under it (jsdom has no layout: the boxes are
 * given by hand, as a 390 x 844 phone would draw them).
 */
function Shows() {
  const toast = useToast();
  return (
    <button type="button" onClick={() => toast({ title: 'Booking Created Successfully!' })}>
      Book
    </button>
  );
}

const box = (top: number, height: number, left = 0, width = 390) => ({ top, bottom: top + height, left, right: left + width, width, height, x: left, y: top, toJSON: () => ({}) }) as DOMRect;

describe('toast placement as the page changes', () => {
  const original = Element.prototype.getBoundingClientRect;
  beforeAll(() => {
    Object.assign(window, { innerWidth: 390, innerHeight: 844 });
    Element.prototype.getBoundingClientRect = function (this: Element) {
      if (this.classList.contains('toast')) return box(0, 90, 16, 358);
      if (this.hasAttribute('data-toast-avoid')) return box(700, 120);
      return box(0, 0, 0, 0);
    };
  });
  afterAll(() => {
    Element.prototype.getBoundingClientRect = original;
  });

  it('moves to the top when what it must not cover appears after it', async () => {
    render(
      <ToastProvider>
        <Shows />
        <div id="later" />
      </ToastProvider>,
    );
    act(() => screen.getByRole('button', { name: 'Book' }).click());
    const viewport = screen.getByRole('region', { name: 'Notifications (F8)' });
    // The toast's code loads with the first toast.
    await screen.findByText('Booking Created Successfully!');
    await waitFor(() => expect(viewport.getAttribute('data-edge')).toBe('bottom'));
    // The success view arrives a render later, its locked quote at the bottom of the screen.
    await act(async () => {
      const quote = document.createElement('section');
      quote.setAttribute('data-toast-avoid', '');
      document.getElementById('later')!.append(quote);
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(viewport.getAttribute('data-edge')).toBe('top');
  });
});
