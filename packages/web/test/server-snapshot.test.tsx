import { act } from '@testing-library/react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { describe, expect, it } from 'vitest';
import { useStore, withServerSnapshots } from '../src/lib/server-snapshot';

const noChange = () => () => {};

function Probe({ seen }: { seen: string[] }) {
  const value = useStore(
    noChange,
    () => 'browser',
    () => 'server',
  );
  seen.push(value);
  return <i>{value}</i>;
}

// The console hydrates on Preact, which ignores useSyncExternalStore's server snapshot: useStore must
// give it by itself while the hydration runs. A client render of React shows the same.
describe('store hooks while the first paint is taken over', () => {
  it('show the server value during the render inside withServerSnapshots, their own right after', async () => {
    const element = document.createElement('div');
    const root = createRoot(element);
    const seen: string[] = [];
    await act(async () => {
      withServerSnapshots(() => flushSync(() => root.render(<Probe seen={seen} />)));
      expect(element.textContent).toBe('server');
    });
    expect(seen[0]).toBe('server');
    expect(element.textContent).toBe('browser');
    act(() => root.unmount());
  });

  it('show their own value outside it', async () => {
    const element = document.createElement('div');
    const root = createRoot(element);
    await act(async () => root.render(<Probe seen={[]} />));
    expect(element.textContent).toBe('browser');
    act(() => root.unmount());
  });
});
