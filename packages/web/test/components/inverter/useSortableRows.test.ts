import { describe, expect, it } from 'vitest';
import { moveItem } from '../../../src/components/inverter/useSortableRows';

describe('moveItem', () => {
  it('moves one entry and keeps the others in order', () => {
    expect(moveItem([1, 2, 3, 4], 3, 0)).toEqual([4, 1, 2, 3]);
    expect(moveItem([1, 2, 3, 4], 0, 2)).toEqual([2, 3, 1, 4]);
  });
});
