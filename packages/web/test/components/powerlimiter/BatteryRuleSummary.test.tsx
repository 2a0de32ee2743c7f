/** The limiter card's battery part: the rule in force in words, and the figures it was decided by. */
import type { BatteryLimiterRule, BatteryLimiterStatus } from '@dtu-console/contract/powerlimiter/api';
import { batteryLimiterStatus } from '@dtu-console/contract/powerlimiter/fixtures';
import { act, render, screen } from '@testing-library/react';
import i18n from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { BatteryRuleSummary } from '../../../src/components/powerlimiter/BatteryRuleSummary';
import { POWERLIMITER_NS, setLanguage } from '../../../src/i18n';
import { formatters } from '../../../src/i18n/format';

const battery = (more: Partial<BatteryLimiterStatus> = {}): BatteryLimiterStatus =>
  batteryLimiterStatus({ voltage: 51.2, corrected_voltage: 51.84, solar_power: 380, cap_w: 1150, ...more });

/** Each rule as the reader sees it, in the three languages. */
const WORDS: Record<'en' | 'de' | 'fr', Record<BatteryLimiterRule, string>> = {
  en: {
    battery_off: 'No battery reading',
    bms_alarm: 'BMS alarm',
    discharging: 'Discharging',
    passthrough: 'Solar passthrough',
    full_passthrough: 'Full solar passthrough',
    waiting_for_start: 'Waiting for the start threshold',
    below_stop: 'Below the stop threshold',
  },
  de: {
    battery_off: 'Keine Batteriewerte',
    bms_alarm: 'BMS-Alarm',
    discharging: 'Entlädt',
    passthrough: 'Solarstrom wird durchgereicht',
    full_passthrough: 'Solarstrom wird ganz durchgereicht',
    waiting_for_start: 'Wartet auf die Startschwelle',
    below_stop: 'Unter der Stoppschwelle',
  },
  fr: {
    battery_off: 'Pas de mesure de la batterie',
    bms_alarm: 'Alarme du BMS',
    discharging: 'En décharge',
    passthrough: 'Transfert direct du solaire',
    full_passthrough: 'Transfert direct de tout le solaire',
    waiting_for_start: 'Attend le seuil de démarrage',
    below_stop: 'Sous le seuil d’arrêt',
  },
};

beforeAll(async () => {
  await i18n.loadNamespaces(POWERLIMITER_NS);
});

describe('battery rule summary', () => {
  const f = formatters('en');

  it.each(Object.keys(WORDS.en) as BatteryLimiterRule[])('names the rule %s in words', (rule) => {
    render(<BatteryRuleSummary battery={battery({ rule })} f={f} />);
    expect(screen.getByTestId('limiter-battery-rule')).toHaveTextContent(WORDS.en[rule]);
  });

  it.each(['de', 'fr'] as const)('names every rule in %s', async (language) => {
    await act(() => setLanguage(language));
    try {
      for (const rule of Object.keys(WORDS.en) as BatteryLimiterRule[]) {
        const { unmount } = render(
          <BatteryRuleSummary battery={battery({ rule })} f={formatters(language)} />,
        );
        expect(screen.getByTestId('limiter-battery-rule')).toHaveTextContent(WORDS[language][rule]);
        unmount();
      }
    } finally {
      await act(() => setLanguage('en'));
    }
  });

  it('shows the state of charge, the solar power and the cap', () => {
    render(<BatteryRuleSummary battery={battery()} f={f} />);
    const summary = screen.getByTestId('limiter-battery');
    expect(summary).toHaveTextContent('State of charge64 %start 80 % · stop 20 %');
    expect(summary).toHaveTextContent('Solar power380 W');
    expect(summary).toHaveTextContent('Battery inverters up to1,150 W');
    // With a SoC, the voltage does not decide: not shown.
    expect(summary).not.toHaveTextContent('Voltage');
  });

  it('shows the corrected voltage where the battery reports no SoC, and "no cap" for a null cap', () => {
    render(
      <BatteryRuleSummary
        battery={battery({
          rule: 'passthrough',
          soc: null,
          cap_w: null,
          thresholds: { by: 'voltage', start: 53.2, stop: 48.5 },
        })}
        f={f}
      />,
    );
    const summary = screen.getByTestId('limiter-battery');
    expect(summary).toHaveTextContent('Voltage (corrected)51.84 Vstart 53.20 V · stop 48.50 V');
    expect(summary).toHaveTextContent('Battery inverters up tono cap');
    expect(summary).not.toHaveTextContent('State of charge');
  });

  it('leaves out a figure that is not known, never showing it as 0', () => {
    render(
      <BatteryRuleSummary
        battery={battery({
          rule: 'battery_off',
          soc: null,
          voltage: null,
          corrected_voltage: null,
          solar_power: null,
          cap_w: 0,
          discharging: false,
          thresholds: null,
        })}
        f={f}
      />,
    );
    const summary = screen.getByTestId('limiter-battery');
    expect(summary).not.toHaveTextContent('State of charge');
    expect(summary).not.toHaveTextContent('Voltage');
    expect(summary).not.toHaveTextContent('Solar power');
    expect(summary).not.toHaveTextContent(/\b0 %|\b0 V/);
    // A cap of 0 W is a figure the gateway gave (standby), so it is shown.
    expect(summary).toHaveTextContent('Battery inverters up to0 W');
  });

  it("names the BMS alarms that stopped the discharge, in the reader's language, and none otherwise", async () => {
    const { unmount } = render(
      <BatteryRuleSummary
        battery={battery({ rule: 'bms_alarm', alarms: ['battery_overtemperature', 'vendor_code_7'] })}
        f={f}
      />,
    );
    const alarms = await screen.findByTestId('limiter-battery-alarms');
    expect(alarms).toHaveTextContent('Stopped by the BMS');
    expect(alarms).toHaveTextContent('Battery overtemperature');
    // A key the console does not know is shown as it came, not dropped.
    expect(alarms).toHaveTextContent('vendor_code_7');
    unmount();
    await act(() => setLanguage('de'));
    try {
      const german = render(
        <BatteryRuleSummary
          battery={battery({ rule: 'bms_alarm', alarms: ['battery_overtemperature'] })}
          f={formatters('de')}
        />,
      );
      const alarmsDe = await screen.findByTestId('limiter-battery-alarms');
      expect(alarmsDe).toHaveTextContent('Vom BMS gestoppt');
      expect(alarmsDe).not.toHaveTextContent('Battery overtemperature');
      german.unmount();
    } finally {
      await act(() => setLanguage('en'));
    }
    render(<BatteryRuleSummary battery={battery()} f={f} />);
    expect(screen.queryByTestId('limiter-battery-alarms')).toBeNull();
  });

  it('shows nothing while no governed inverter is battery-fed (null)', () => {
    const { container } = render(<BatteryRuleSummary battery={null} f={f} />);
    expect(container).toBeEmptyDOMElement();
  });
});
