/**
 * Device settings shaped like the GET answer of their endpoint (what the console posts back), shared by
 * the contract's schema tests, the gateway's API tests and the console's form tests. Each builder returns a
 * fresh object with every key in wire order; `patch` replaces whole keys. Not part of the API.
 */
import type { DeviceConfig, DisplayConfig } from './api';

/** The display settings of the API documentation's example (without the older numeric `language`). */
export function displayConfig(patch: Partial<DisplayConfig> = {}): DisplayConfig {
  return {
    rotation: 2,
    power_safe: true,
    screensaver: true,
    contrast: 60,
    locale: 'en',
    diagramduration: 36000,
    diagrammode: 1,
    ...patch,
  };
}

/**
 * A GET answer of /api/device/config in OpenDTU's shape: an ESP32-S3 profile with an nRF24 and an SSD1306,
 * `eth` (which only some profiles have), `language` beside `locale`, both LEDs at full brightness.
 */
export function deviceConfig(patch: Partial<DeviceConfig> = {}): DeviceConfig {
  return {
    curPin: {
      name: 'ESP32-S3 board with SSD1306',
      nrf24: { clk: 36, cs: 37, en: 38, irq: 47, miso: 48, mosi: 35 },
      cmt: { clk: -1, cs: -1, fcs: -1, sdio: -1, gpio2: -1, gpio3: -1 },
      w5500: { sclk: -1, mosi: -1, miso: -1, cs: -1, int: -1, rst: -1 },
      eth: { enabled: false, phy_addr: -1, power: -1, mdc: -1, mdio: -1, type: 0, clk_mode: 0 },
      display: { type: 2, data: 2, clk: 1, cs: -1, reset: -1 },
      led: { led0: 17, led1: 18 },
    },
    display: { ...displayConfig(), language: 0 },
    led: [{ brightness: 100 }, { brightness: 100 }],
    ...patch,
  };
}
