/** The live view's collapsed cards: the body's chunk is fetched only when opened, the choice kept. */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lazy } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { LazyCard } from '../../src/components/LazyCard';

function lazyBody() {
  const load = vi.fn(async () => ({ default: () => <p>the body</p> }));
  const Body = lazy(load);
  return { load, Body };
}

describe('lazy card', () => {
  it('fetches its body only when opened, and stays open on the next visit', async () => {
    const { load, Body } = lazyBody();
    const card = () => (
      <LazyCard title="Chart" storageKey="chartOpen" testId="chart-card">
        <Body />
      </LazyCard>
    );
    const { unmount } = render(card());
    const toggle = screen.getByRole('button', { name: 'Chart' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).not.toHaveClass('history-open');
    expect(screen.getByTestId('chart-card')).toHaveClass('card', 'history-card', 'mt-3');
    expect(load).not.toHaveBeenCalled();
    await userEvent.click(toggle);
    expect(await screen.findByText('the body')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveClass('history-toggle', 'history-open');
    expect(localStorage.getItem('chartOpen')).toBe('1');
    unmount();
    render(card());
    expect(screen.getByRole('button', { name: 'Chart' })).toHaveAttribute('aria-expanded', 'true');
    expect(await screen.findByText('the body')).toBeInTheDocument();
  });

  it('closes again, drops its body and remembers it closed', async () => {
    localStorage.setItem('chartOpen', '1');
    const { Body } = lazyBody();
    render(
      <LazyCard title="Chart" storageKey="chartOpen">
        <Body />
      </LazyCard>,
    );
    expect(await screen.findByText('the body')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Chart' }));
    expect(screen.queryByText('the body')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Chart' })).toHaveAttribute('aria-expanded', 'false');
    expect(localStorage.getItem('chartOpen')).toBe('0');
    expect(document.querySelector('[data-testid]')).toBeNull();
  });
});
