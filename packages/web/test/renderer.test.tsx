import { render, screen } from '@testing-library/react';
import { options, type VNode } from 'preact';
import { createRoot as preactCreateRoot } from 'preact/compat/client';
import { createRoot } from 'react-dom/client';
import { useTranslation } from 'react-i18next';
import { describe, expect, it } from 'vitest';

function Probe() {
  const { t } = useTranslation();
  return <b>{t('frame.loading')}</b>;
}

// The console ships on Preact's compat layer (preact-aliases.ts); its unit tests must render with it too,
// not with React's renderer, or they test something that does not ship.
describe('the renderer of the unit tests', () => {
  it('is Preact: react-dom resolves to its compat layer', () => {
    expect(createRoot).toBe(preactCreateRoot);
  });

  it('renders through Preact, Testing Library and the libraries’ hooks included', () => {
    const diffed: unknown[] = [];
    const previous = options.diffed;
    options.diffed = (vnode: VNode) => {
      diffed.push(vnode.type);
      previous?.(vnode);
    };
    try {
      render(<Probe />);
    } finally {
      options.diffed = previous;
    }
    expect(diffed).toContain(Probe);
    expect(screen.getByText('Loading…')).toBeInTheDocument();
  });
});
