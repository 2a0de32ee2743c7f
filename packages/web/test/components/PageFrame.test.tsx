import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PageFrame } from '../../src/components/PageFrame';

const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', y?: number) =>
  fireEvent[type](window, { touches: y === undefined ? [] : [{ clientY: y }] });

describe('pull-to-refresh on the page frame', () => {
  afterEach(() => vi.useRealTimers());

  it('reloads after an armed pull, shows the states, and is back to pending after 500 ms', () => {
    vi.useFakeTimers();
    const reload = vi.fn();
    const { container } = render(
      <PageFrame title="Page" onReload={reload}>
        content
      </PageFrame>,
    );
    const indicator = () => container.querySelector('.pull-indicator');
    expect(indicator()).toBeNull();
    touch('touchStart', 10);
    touch('touchMove', 40);
    expect(indicator()).toHaveAttribute('data-phase', 'pulling');
    expect(screen.getByText('Pull to reload')).toBeInTheDocument();
    touch('touchMove', 200);
    expect(indicator()).toHaveAttribute('data-phase', 'releasing');
    expect(indicator()).toHaveStyle({ height: '80px' });
    expect(screen.getByText('Release to reload')).toBeInTheDocument();
    touch('touchEnd');
    expect(indicator()).toHaveAttribute('data-phase', 'refreshing');
    expect(indicator()).toHaveStyle({ height: '50px' });
    expect(reload).toHaveBeenCalledOnce();
    act(() => vi.advanceTimersByTime(499));
    expect(indicator()).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(indicator()).toBeNull();
  });

  it('does nothing on a page without reload', () => {
    const { container } = render(<PageFrame title="Page">content</PageFrame>);
    touch('touchStart', 10);
    touch('touchMove', 200);
    expect(container.querySelector('.pull-indicator')).toBeNull();
  });
});

describe('page frame', () => {
  it('shows title, live marker, reload button, and a spinner instead of the content while loading', () => {
    const reload = vi.fn();
    const { rerender } = render(
      <PageFrame title="Live view" online={false} onReload={reload}>
        <p>content</p>
      </PageFrame>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Live view' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'No live connection' })).toHaveClass('live-marker-offline');
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(reload).toHaveBeenCalledOnce();
    expect(screen.getByText('content')).toBeInTheDocument();
    rerender(
      <PageFrame title="Live view" online onReload={reload} loading>
        <p>content</p>
      </PageFrame>,
    );
    expect(screen.queryByText('content')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
    expect(screen.getByRole('button', { name: 'Reload' })).toBeDisabled();
    expect(screen.getByRole('img', { name: 'Live connection active' })).toHaveClass('live-marker-online');
  });
});
