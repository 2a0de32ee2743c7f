/**
 * What a Wi-Fi device's replies say about its inverters, in the live model's units: scaled integers of
 * the real-data reply turned into volts, amperes, watts and watt-hours (docs/wifi.md, What is read).
 */
import type { InverterInfo, RealDataReply } from '@dtu-console/hoymiles-wifi';
import { serialOfNumber } from '@dtu-console/hoymiles-wifi';
import { emptyRunDataFor, type WifiInverterReading } from './live-inverter';

/** The inverters a device serves, from its device information: serial → firmware and part number. */
export function servedInverters(
  info: readonly InverterInfo[],
): Map<string, { firmware: number; hwPartNumber: number }> {
  const out = new Map<string, { firmware: number; hwPartNumber: number }>();
  for (const pv of info) {
    const serial = serialOfNumber(pv.pvSerialNumber);
    if (!out.has(serial)) out.set(serial, { firmware: pv.pvSwVersion, hwPartNumber: pv.pvHwPartNumber });
  }
  return out;
}

/** Merges the pages of one real-data read into one reading per inverter. */
export function readingsOf(pages: readonly RealDataReply[]): Map<string, WifiInverterReading> {
  const out = new Map<string, WifiInverterReading>();
  const get = (serial: string): WifiInverterReading => {
    let reading = out.get(serial);
    if (!reading) {
      reading = { serial, ...emptyRunDataFor(), linked: false, limitPercent: null, warnings: 0, inputs: [] };
      out.set(serial, reading);
    }
    return reading;
  };
  for (const page of pages) {
    for (const g of page.sgsData) {
      const r = get(serialOfNumber(g.serialNumber));
      r.ac = {
        voltage: g.voltage / 10,
        frequency: g.frequency / 100,
        power: g.activePower / 10,
        reactivePower: g.reactivePower / 10,
        current: g.current / 100,
        powerFactor: g.powerFactor / 1000,
      };
      r.temperature = g.temperature / 10;
      r.linked = g.linkStatus !== 0;
      r.limitPercent = g.powerLimit > 0 ? g.powerLimit / 10 : null;
      r.warnings = g.warningNumber;
    }
    for (const t of page.tgsData) {
      const r = get(serialOfNumber(t.serialNumber));
      r.ac = {
        voltage: t.voltageLineAB / 10,
        frequency: t.frequency / 100,
        power: t.activePower / 10,
        reactivePower: t.reactivePower / 10,
        current: t.currentPhaseA / 100,
        powerFactor: t.powerFactor / 1000,
      };
      r.temperature = t.temperature / 10;
      r.linked = t.linkStatus !== 0;
      r.warnings = t.warningNumber;
    }
    for (const pv of page.pvData) {
      const r = get(serialOfNumber(pv.serialNumber));
      const index = pv.portNumber - 1;
      if (index < 0 || index > 15) continue;
      r.inputs[index] = {
        voltage: pv.voltage / 10,
        current: pv.current / 100,
        power: pv.power / 10,
        yieldDay: pv.energyDaily,
        yieldTotal: pv.energyTotal / 1000,
      };
    }
  }
  for (const r of out.values()) {
    // A port the device skipped stays a zero input rather than a hole.
    r.inputs = Array.from({ length: r.inputs.length }, (_, i) => r.inputs[i] ?? zeroInput());
  }
  return out;
}

function zeroInput() {
  return { voltage: 0, current: 0, power: 0, yieldDay: 0, yieldTotal: 0 };
}
