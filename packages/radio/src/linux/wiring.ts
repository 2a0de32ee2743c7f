/**
 * Where each radio module hangs on a Linux host: what config/pin-mapping.ts reads from the device
 * profile's Linux keys and host.ts opens.
 */

/** nRF24L01+: full-duplex SPI, CE driven by us, IRQ (active low) optional: without it the driver polls. */
export interface NrfHostWiring {
  spidev: string;
  gpiochip: string;
  /** Line offset of CE. */
  ce: number;
  /** Line offset of IRQ. */
  irq?: number;
  speedHz: number;
}

/** CMT2300A: one data line (SDIO), FCSB on a second chip select of the same bus or on a GPIO line. */
export interface CmtHostWiring {
  spidev: string;
  /**
   * true: the controller runs 3-wire (SDIO on MOSI). false: a controller without 3-wire mode (Raspberry
   * Pi SPI1), with SDIO wired to MISO and through a resistor to MOSI; the parts stay send-only or
   * receive-only either way.
   */
  threeWire: boolean;
  fcsb: { spidev: string } | { line: number };
  /** Needed when FCSB, GPIO2 or GPIO3 is a line. */
  gpiochip?: string;
  /** Line offsets of the chip's interrupt outputs; without them the driver polls the flags. */
  gpio2?: number;
  gpio3?: number;
  speedHz: number;
}

export interface LinuxRadioWiring {
  nrf?: NrfHostWiring;
  cmt?: CmtHostWiring;
}

/** The nRF24L01+ takes up to 10 MHz; 8 MHz is an exact divider on most SPI controllers. */
export const NRF_DEFAULT_SPI_HZ = 8_000_000;
/** The CMT2300A's SPI is slower; 1 MHz leaves margin on long wires and costs little (tiny messages). */
export const CMT_DEFAULT_SPI_HZ = 1_000_000;
