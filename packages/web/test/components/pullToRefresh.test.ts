import { describe, expect, it } from 'vitest';
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
