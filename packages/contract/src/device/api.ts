/** GET|POST /api/device/config and pin_mapping.json profiles. Pins: -1 = not connected. */

export interface Nrf24Pins {
  clk: number;
  cs: number;
  en: number;
  irq: number;
  miso: number;
  mosi: number;
}

export interface CmtPins {
  clk: number;
  cs: number;
  fcs: number;
  sdio: number;
  gpio2: number;
  gpio3: number;
}

export interface W5500Pins {
  sclk: number;
  mosi: number;
  miso: number;
  cs: number;
  int: number;
  rst: number;
}

export interface EthPins {
  enabled: boolean;
  phy_addr: number;
  power: number;
  mdc: number;
  mdio: number;
  /** PHY type enum. */
  type: number;
  clk_mode: number;
}

export interface DisplayPins {
  /** 0 none, 1 PCD8544, 2 SSD1306, 3 SH1106, 4 SSD1309, 5 ST7567. */
  type: number;
  data: number;
  clk: number;
  cs: number;
  reset: number;
}

export interface LedPins {
  led0: number;
  led1: number;
}

/** The active pin assignment; `eth` only on chips with a built-in Ethernet MAC. */
export interface CurPin {
  /** Selected profile; "" = none (the web app shows and posts "Default"). */
  name: string;
  nrf24: Nrf24Pins;
  cmt: CmtPins;
  w5500: W5500Pins;
  eth?: EthPins;
  display: DisplayPins;
  led: LedPins;
}

export interface DisplayConfig {
  /** 0..3 = 0°/90°/180°/270°. */
  rotation: number;
  power_safe: boolean;
  screensaver: boolean;
  contrast: number;
  /** 2-letter code. */
  locale: string;
  /** Seconds. */
  diagramduration: number;
  /** 0 off, 1 small, 2 full screen. */
  diagrammode: number;
}

export interface LedConfig {
  brightness: number;
}

/** GET: the older numeric `language` (0 en, 1 de, 2 fr) is served beside `locale`, derived from it. */
export interface DisplayConfigResponse extends DisplayConfig {
  language: number;
}

export interface DeviceConfig {
  curPin: CurPin;
  display: DisplayConfigResponse;
  /** Exactly 2 entries. */
  led: LedConfig[];
}

/**
 * POST: `curPin` or `display` is required; only `curPin.name` of the pins is read, the rest (and extra
 * keys such as `links`) is ignored. A changed profile name reboots the device.
 */
export interface DeviceConfigPayload {
  curPin?: { name: string } & Partial<Omit<CurPin, 'name'>> & Record<string, unknown>;
  /** `language` (older clients) is read only when `locale` is absent. */
  display?: Partial<DisplayConfigResponse>;
  led?: Partial<LedConfig>[];
}

export interface ProfileLink {
  name: string;
  url: string;
}

/** One entry of the pin_mapping.json array; every pin group is optional. */
export interface PinMappingProfile {
  name: string;
  links?: ProfileLink[];
  nrf24?: Partial<Nrf24Pins>;
  cmt?: Partial<CmtPins>;
  w5500?: Partial<W5500Pins>;
  eth?: Partial<EthPins>;
  display?: Partial<DisplayPins>;
  led?: Partial<LedPins>;
}

export type PinMappingFile = PinMappingProfile[];
