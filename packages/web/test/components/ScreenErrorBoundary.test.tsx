import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ScreenErrorBoundary } from '../../src/components/ScreenErrorBoundary';

function Broken(): never {
  throw new TypeError('Failed to fetch dynamically imported module');
}

describe('screen error boundary', () => {
  it('shows a notice with a retry instead of taking the console down', () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <ScreenErrorBoundary>
        <Broken />
      </ScreenErrorBoundary>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('This page could not be loaded.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    spy.mockRestore();
  });
});
