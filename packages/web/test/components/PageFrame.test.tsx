import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PageFrame } from '../../src/components/PageFrame';
import { PULL_INITIAL, type PullEvent, pullReducer } from '../../src/components/pullToRefresh';

const run = (events: PullEvent[]) => events.reduce(pullReducer, PULL_INITIAL);

describe('pull-to-refresh state machine', () => {
  it('pending → pulling below the threshold of 60', () => {
    expect(
      run([
        { type: 'start', y: 100, atTop: true },
        { type: 'move', y: 159 },
      ]),
    ).toMatchObject({
      phase: 'pulling',
      distance: 59,
    });
  });

  it('releasing from 60 on, the distance stops at the maximum of 80', () => {
    expect(
      run([
        { type: 'start', y: 100, atTop: true },
        { type: 'move', y: 160 },
      ]),
    ).toMatchObject({
      phase: 'releasing',
      distance: 60,
    });
    expect(
      run([
        { type: 'start', y: 100, atTop: true },
        { type: 'move', y: 400 },
      ]),
    ).toMatchObject({
      phase: 'releasing',
      distance: 80,
    });
  });

  it('letting go while releasing refreshes with the indicator at the reload distance of 50', () => {
    const state = run([{ type: 'start', y: 0, atTop: true }, { type: 'move', y: 90 }, { type: 'end' }]);
    expect(state).toMatchObject({ phase: 'refreshing', distance: 50 });
    expect(pullReducer(state, { type: 'done' })).toEqual(PULL_INITIAL);
    // Touches during the refresh change nothing.
    expect(pullReducer(state, { type: 'start', y: 0, atTop: true })).toBe(state);
    expect(pullReducer(state, { type: 'move', y: 10 })).toBe(state);
  });

  it('letting go below the threshold goes back to pending without a refresh', () => {
    expect(run([{ type: 'start', y: 0, atTop: true }, { type: 'move', y: 59 }, { type: 'end' }])).toEqual(
      PULL_INITIAL,
    );
  });

  it('pulling back up undoes the pull; a gesture that starts below the top does not count', () => {
    expect(
      run([
        { type: 'start', y: 100, atTop: true },
        { type: 'move', y: 170 },
        { type: 'move', y: 90 },
      ]),
    ).toMatchObject({ phase: 'pending', distance: 0 });
    expect(
      run([
        { type: 'start', y: 100, atTop: false },
        { type: 'move', y: 300 },
      ]),
    ).toEqual(PULL_INITIAL);
  });
});

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
