import { render, screen } from '@testing-library/react';
import { version as reactVersion } from 'react';
import { version as reactDomVersion } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { describe, expect, it } from 'vitest';

function Probe() {
  const { t } = useTranslation();
  return <b>{t('frame.loading')}</b>;
}

/** React attaches its fiber to every DOM node it renders, under a key only React uses. */
function renderedByReact(node: Element): boolean {
  return Object.keys(node).some((key) => key.startsWith('__reactFiber$'));
}

// The console ships on React 19 and react-dom; its unit tests must render with them, not with a
// compatibility layer of another library, or they test something that does not ship.
describe('the renderer of the unit tests', () => {
  it('is React 19 with its own react-dom', () => {
    expect(reactVersion).toMatch(/^19\./);
    expect(reactDomVersion).toBe(reactVersion);
  });

  it('renders through React, Testing Library and the libraries’ hooks included', () => {
    render(<Probe />);
    const probe = screen.getByText('Loading…');
    expect(probe).toBeInTheDocument();
    expect(renderedByReact(probe)).toBe(true);
  });
});
