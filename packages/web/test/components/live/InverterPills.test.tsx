import { detail, summary, value } from '@dtu-console/contract/livedata/fixtures';
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { InverterPills } from '../../../src/components/live/InverterPills';
import { COMPACT_SELECTOR_FROM, matchesSearch } from '../../../src/components/live/rules';
import type { LiveInverter } from '../../../src/ws/livedata';

/** The name an entry of the compact grid shows. */
const nameOf = (tab: HTMLElement) => tab.querySelector('.inverter-entry-name')?.textContent;

/** A plant of `count` inverters; `order` runs backwards against the serials, as a reordered plant does. */
function plant(count: number): LiveInverter[] {
  return Array.from({ length: count }, (_, i) =>
    summary(`1161${String(i).padStart(8, '0')}`, { name: `Roof ${i + 1}`, order: i }),
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('inverter selector', () => {
  it('keeps the pills for a handful of inverters', () => {
    render(<InverterPills inverters={plant(COMPACT_SELECTOR_FROM - 1)} selected="x" onSelect={() => {}} />);
    expect(screen.getByRole('tablist')).toHaveClass('nav-pills');
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
  });

  it('shows 100 inverters as a compact grid in the configured order, with search', async () => {
    const inverters = plant(100);
    const onSelect = vi.fn();
    render(<InverterPills inverters={inverters} selected={inverters[0]!.serial} onSelect={onSelect} />);
    const tabs = within(screen.getByRole('tablist')).getAllByRole('tab');
    expect(tabs).toHaveLength(100);
    expect(tabs.slice(0, 3).map(nameOf)).toEqual(['Roof 1', 'Roof 2', 'Roof 3']);
    expect(screen.getByText('100 of 100')).toBeInTheDocument();

    // Typed at once: jsdom re-renders the grid per key, slowly on a loaded machine. An `input` event, as a
    // key fires (React's onChange of a text field listens to it).
    fireEvent.input(screen.getByRole('searchbox', { name: 'Search inverters' }), {
      target: { value: 'roof 4' },
    });
    const found = within(screen.getByRole('tablist')).getAllByRole('tab');
    expect(found.map(nameOf)).toEqual([
      'Roof 4',
      'Roof 40',
      'Roof 41',
      'Roof 42',
      'Roof 43',
      'Roof 44',
      'Roof 45',
      'Roof 46',
      'Roof 47',
      'Roof 48',
      'Roof 49',
    ]);
    expect(screen.getByText('11 of 100')).toBeInTheDocument();
    await userEvent.click(found[1]!);
    expect(onSelect).toHaveBeenCalledWith(inverters[39]!.serial);

    fireEvent.input(screen.getByRole('searchbox'), { target: { value: 'nothing like it' } });
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
    expect(screen.getByText('No inverter matches the search.')).toBeInTheDocument();
  });

  it('shows each entry’s state and AC power once a push brought it', () => {
    const inverters = plant(10);
    inverters[2] = {
      ...detail(inverters[2]!.serial, { name: 'Carport', order: 2 }),
      AC: { '0': { Power: value(412.4, 'W', 1) } },
    };
    inverters[3] = { ...inverters[3]!, reachable: false };
    render(<InverterPills inverters={inverters} selected={inverters[2]!.serial} onSelect={() => {}} />);
    const tabs = within(screen.getByRole('tablist')).getAllByRole('tab');
    expect(tabs[2]).toHaveTextContent('Carport412.4 W');
    // An entry no push has reached yet shows a dash that says why, not an empty place.
    const waiting = tabs[4]!.querySelector('.inverter-entry-power');
    expect(waiting).toHaveTextContent('–');
    expect(waiting).toHaveAttribute('title', expect.stringMatching(/^No power value yet/));
    expect(tabs[2]).toHaveAttribute('aria-selected', 'true');
    expect(tabs[3]!.querySelector('[data-icon]')).toHaveAttribute('data-icon', 'cross');
  });

  it('renders on the server: no window or document during render', () => {
    const inverters = plant(100);
    vi.stubGlobal('window', undefined);
    vi.stubGlobal('document', undefined);
    const html = renderToString(
      <InverterPills inverters={inverters} selected={inverters[5]!.serial} onSelect={() => {}} />,
    );
    vi.unstubAllGlobals();
    expect(html).toContain('Roof 100');
    expect(html).toContain('aria-selected="true"');
  });

  it('searches names without case or accents, and serials', () => {
    const inverter = { name: 'Garage Süd', serial: '116180216880' };
    expect(matchesSearch(inverter, '  garage sud ')).toBe(true);
    expect(matchesSearch(inverter, '21688')).toBe(true);
    expect(matchesSearch(inverter, 'nord')).toBe(false);
    expect(matchesSearch(inverter, '')).toBe(true);
  });
});
