/** @jest-environment jsdom */
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { ViewTabs } from './ViewTabs';

type View = 'daily' | 'weekly' | 'monthly';

function Harness() {
  const [view, setView] = useState<View>('daily');
  return (
    <>
      <ViewTabs
        tabs={[
          { view: 'daily', label: 'Daily View' },
          { view: 'weekly', label: 'Weekly View' },
          { view: 'monthly', label: 'Monthly View' },
        ]}
        view={view}
        onChange={setView}
        idPrefix="r"
        label="Revenue view"
      />
      <div role="tabpanel" id={`r-panel-${view}`} aria-labelledby={`r-tab-${view}`}>
        {view}
      </div>
    </>
  );
}

describe('ViewTabs', () => {
  it('selects a view by click or arrow keys, wrapping around, with focus on the selected tab only', () => {
    render(<Harness />);
    expect(screen.getByRole('tablist', { name: 'Revenue view' })).toBeTruthy();
    const tab = (name: string) => screen.getByRole('tab', { name });
    const selected = () => screen.getAllByRole('tab').filter((t) => t.getAttribute('aria-selected') === 'true').map((t) => t.textContent);
    const tabStops = () => screen.getAllByRole('tab').filter((t) => t.tabIndex === 0).map((t) => t.textContent);

    expect(selected()).toEqual(['Daily View']);
    expect(tabStops()).toEqual(['Daily View']);
    expect(tab('Daily View').getAttribute('aria-controls')).toBe('r-panel-daily');
    expect(screen.getByRole('tabpanel', { name: 'Daily View' }).textContent).toBe('daily');

    // Right and left move one tab, and the page does not scroll (the key's default is prevented).
    expect(fireEvent.keyDown(tab('Daily View'), { key: 'ArrowRight' })).toBe(false);
    expect(selected()).toEqual(['Weekly View']);
    expect(tabStops()).toEqual(['Weekly View']);
    expect(document.activeElement).toBe(tab('Weekly View'));
    expect(tab('Weekly View').getAttribute('aria-controls')).toBe('r-panel-weekly');
    fireEvent.keyDown(tab('Weekly View'), { key: 'ArrowLeft' });
    expect(selected()).toEqual(['Daily View']);
    expect(document.activeElement).toBe(tab('Daily View'));

    // And wrap around at both ends.
    fireEvent.keyDown(tab('Daily View'), { key: 'ArrowLeft' });
    expect(selected()).toEqual(['Monthly View']);
    expect(document.activeElement).toBe(tab('Monthly View'));

    fireEvent.keyDown(tab('Monthly View'), { key: 'ArrowRight' });
    expect(selected()).toEqual(['Daily View']);
    expect(document.activeElement).toBe(tab('Daily View'));

    // Other keys leave the selection alone.
    fireEvent.keyDown(tab('Daily View'), { key: 'Enter' });
    expect(selected()).toEqual(['Daily View']);

    fireEvent.click(tab('Weekly View'));
    expect(selected()).toEqual(['Weekly View']);
    expect(tabStops()).toEqual(['Weekly View']);
    expect(screen.getByRole('tabpanel', { name: 'Weekly View' }).textContent).toBe('weekly');
  });
});
