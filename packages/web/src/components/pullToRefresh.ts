import { UiLimits } from '@dtu-console/contract/common/console-limits';
import { useEffect, useReducer, useRef } from 'react';

/** Pending → pulling → releasing → refreshing → pending. */
export type PullPhase = 'pending' | 'pulling' | 'releasing' | 'refreshing';

export interface PullState {
  phase: PullPhase;
  /** How far the indicator is pulled down, in px (at most the maximum). */
  distance: number;
  /** Touch start, or null when the gesture does not count (page not scrolled to the top). */
  startY: number | null;
}

export type PullEvent =
  | { type: 'start'; y: number; atTop: boolean }
  | { type: 'move'; y: number }
  | { type: 'end' }
  | { type: 'done' };

export const PULL_INITIAL: PullState = { phase: 'pending', distance: 0, startY: null };

/**
 * The gesture as a pure state machine (numbers from docs/console.md): pulling up to the threshold (60) arms it
 * ("releasing": let go to refresh), the indicator stops at the maximum (80); letting go while armed
 * refreshes, with the indicator resting at the reload distance (50) until the refresh timeout (500 ms).
 */
export function pullReducer(state: PullState, event: PullEvent): PullState {
  switch (event.type) {
    case 'start':
      if (state.phase !== 'pending' || !event.atTop) return state;
      return { phase: 'pending', distance: 0, startY: event.y };
    case 'move': {
      if (state.startY === null || state.phase === 'refreshing') return state;
      const pulled = event.y - state.startY;
      if (pulled <= 0) return { ...state, phase: 'pending', distance: 0 };
      const distance = Math.min(pulled, UiLimits.pullToRefreshMax);
      const phase = distance >= UiLimits.pullToRefreshThreshold ? 'releasing' : 'pulling';
      return { ...state, phase, distance };
    }
    case 'end':
      if (state.phase === 'releasing') {
        return { phase: 'refreshing', distance: UiLimits.pullToRefreshReloadDistance, startY: null };
      }
      if (state.phase === 'refreshing') return state;
      return PULL_INITIAL;
    case 'done':
      return state.phase === 'refreshing' ? PULL_INITIAL : state;
  }
}

/**
 * Touch pull-to-refresh on the whole page while it is scrolled to the top; `onRefresh` runs when an armed
 * pull is released. Inactive without a handler.
 */
export function usePullToRefresh(onRefresh: (() => void) | undefined): PullState {
  const [state, dispatch] = useReducer(pullReducer, PULL_INITIAL);
  const refresh = useRef(onRefresh);
  refresh.current = onRefresh;
  const enabled = onRefresh !== undefined;

  useEffect(() => {
    if (!enabled) return;
    const start = (event: TouchEvent) => {
      const touch = event.touches[0];
      if (touch && event.touches.length === 1) {
        dispatch({ type: 'start', y: touch.clientY, atTop: window.scrollY <= 0 });
      }
    };
    const move = (event: TouchEvent) => {
      const touch = event.touches[0];
      if (touch) dispatch({ type: 'move', y: touch.clientY });
    };
    const end = () => dispatch({ type: 'end' });
    window.addEventListener('touchstart', start, { passive: true });
    window.addEventListener('touchmove', move, { passive: true });
    window.addEventListener('touchend', end);
    window.addEventListener('touchcancel', end);
    return () => {
      window.removeEventListener('touchstart', start);
      window.removeEventListener('touchmove', move);
      window.removeEventListener('touchend', end);
      window.removeEventListener('touchcancel', end);
    };
  }, [enabled]);

  useEffect(() => {
    if (state.phase !== 'refreshing') return;
    refresh.current?.();
    const timer = setTimeout(() => dispatch({ type: 'done' }), UiLimits.pullToRefreshTimeoutMs);
    return () => clearTimeout(timer);
  }, [state.phase]);

  return state;
}
