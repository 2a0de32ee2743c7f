import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import GridProfileModal, { hexLines } from '../../../src/components/live/GridProfileModal';
import { setLanguage } from '../../../src/i18n';
import { routeApi } from '../../helpers/route-api';

const SERIAL = '116180216880';
const { routes } = routeApi();

const props = (onClose = vi.fn()) => ({ serial: SERIAL, name: 'Garage', onClose });

describe('grid profile', () => {
  it('shows sections and items, bool as enabled/disabled, and the raw bytes', async () => {
    routes['/api/gridprofile/status'] = {
      name: 'XX - EN 50549-1:2019',
      version: '2.0.1',
      sections: [
        {
          name: 'Voltage (H/LVRT)',
          items: [
            { n: 'Nominal voltage', u: 'V', v: 230 },
            { n: 'Low voltage 1', u: 'V', v: 184.5 },
          ],
        },
        {
          name: 'Active power control',
          items: [
            { n: 'Active power at overfrequency', u: 'bool', v: 1 },
            { n: 'Active power at underfrequency', u: 'bool', v: 0 },
          ],
        },
      ],
    };
    routes['/api/gridprofile/rawdata'] = {
      raw: [10, 0, 32, 1, 0, 12, 8, 252, 7, 163, 0, 0, 0, 0, 0, 0, 255],
    };
    render(<GridProfileModal {...props()} />);
    expect(await screen.findByText('XX - EN 50549-1:2019')).toBeInTheDocument();
    expect(screen.getByText('2.0.1')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Voltage (H/LVRT)' })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: /Nominal voltage/ })).toHaveTextContent('230 V');
    expect(screen.getByRole('row', { name: /Low voltage 1/ })).toHaveTextContent('184.5 V');
    expect(screen.getByRole('row', { name: /overfrequency/ })).toHaveTextContent('enabled');
    expect(screen.getByRole('row', { name: /underfrequency/ })).toHaveTextContent('disabled');
    expect(screen.getByTestId('gridprofile-raw').textContent).toBe(
      '0A 00 20 01 00 0C 08 FC 07 A3 00 00 00 00 00 00\nFF',
    );
  });

  it('names sections and items in the visitor language; a name it does not know stays as sent', async () => {
    routes['/api/gridprofile/status'] = {
      name: 'DE - DE_VDE4105_2018',
      version: '1.0.0',
      sections: [
        {
          name: 'Voltage (H/LVRT)',
          items: [
            { n: 'Under-voltage 1 max. trip time', u: 's', v: 3 },
            { n: 'A name from a newer gateway', u: 'V', v: 1 },
          ],
        },
      ],
    };
    routes['/api/gridprofile/rawdata'] = { raw: [3, 0, 16, 0, 0, 0, 0, 0] };
    await act(() => setLanguage('de'));
    try {
      render(<GridProfileModal {...props()} />);
      expect(await screen.findByRole('heading', { name: 'Spannung (H/LVRT)' })).toBeInTheDocument();
      expect(screen.getByRole('row', { name: /Unterspannung 1, max\. Auslösezeit/ })).toHaveTextContent(
        '3 s',
      );
      expect(screen.getByRole('row', { name: /A name from a newer gateway/ })).toBeInTheDocument();
    } finally {
      await act(() => setLanguage('en'));
    }
  });

  it('has a German and a French name for every section and item the protocol knows', async () => {
    const table = (await import('../../../../hoymiles/data/grid-profile.json')).default as {
      sections: Record<string, { name: string }>;
      items: Record<string, { name: string } | string>;
      unknownProfileName: string;
    };
    const english = [
      ...Object.values(table.sections).map((section) => section.name),
      ...Object.values(table.items).map((item) => (typeof item === 'string' ? item : item.name)),
    ];
    const locale = async (language: string) =>
      (
        (await import(`../../../src/i18n/locales/extra/${language}.json`)).default as {
          gridprofile: { names: Record<string, string> };
        }
      ).gridprofile.names;
    const [en, de, fr] = await Promise.all(['en', 'de', 'fr'].map(locale));
    for (const name of english) {
      const key = name.replace(/[^A-Za-z0-9]+/g, '_').replace(/^_|_$/g, '');
      expect(en?.[key], name).toBe(name);
      expect(de?.[key], name).toBeTruthy();
      expect(fr?.[key], name).toBeTruthy();
      expect(de?.[key], name).not.toBe(name);
      expect(fr?.[key], name).not.toBe(name);
    }
  });

  it('says the profile is empty when all bytes are 0', async () => {
    routes['/api/gridprofile/status'] = { name: 'Unknown', version: '0.0.0', sections: [] };
    routes['/api/gridprofile/rawdata'] = { raw: [0, 0, 0] };
    render(<GridProfileModal {...props()} />);
    expect(await screen.findByText(/grid profile is empty/)).toBeInTheDocument();
    expect(hexLines([])).toEqual([]);
  });
});
