import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DataAge } from '../../../src/components/live/DataAge';

describe('data age', () => {
  it('counts seconds up to 300 and shows the time of the data above', () => {
    const now = new Date(2026, 5, 21, 14, 30, 0).getTime();
    const { rerender } = render(<DataAge seconds={300} now={now} />);
    expect(document.body).toHaveTextContent('Data age: 300 s');
    rerender(<DataAge seconds={301} now={now} />);
    expect(document.body).toHaveTextContent('Last data: 06/21/2026, 14:24:59');
    rerender(<DataAge seconds={7200} now={now} />);
    expect(document.body).toHaveTextContent('Last data: 06/21/2026, 12:30:00');
  });
});
