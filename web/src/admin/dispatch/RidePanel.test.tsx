/** @jest-environment jsdom */
import { screen } from '@testing-library/react';
import { renderWithApp } from '../../test-support/render';
import { boardRide } from './board-fixtures';
import { RidePanel } from './RidePanel';

const noop = () => undefined;
const panel = (passengers: number) =>
  renderWithApp(<RidePanel ride={boardRide(1, { status: 'completed', passengers })} driver={undefined} flags={[]} refusal={undefined} busy={false} onAssign={noop} onWithdraw={noop} onClose={noop} />);

describe("the dispatch board's ride panel", () => {
  it('counts the passengers in the singular for one and the plural for more', () => {
    const { unmount } = panel(1);
    expect(screen.getByText(/LAX → Downtown Los Angeles/).textContent).toBe('LAX → Downtown Los Angeles · 1 passenger');
    unmount();
    panel(3);
    expect(screen.getByText(/LAX → Downtown Los Angeles/).textContent).toBe('LAX → Downtown Los Angeles · 3 passengers');
  });
});
