/**
 * Every request number, flag bit and struct layout of the spidev and GPIO v2 interfaces, checked twice:
 * against numbers worked out by hand from the kernel header's definitions (written here), and against
 * the real header, compiled with `cc` when this machine has one.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  GPIO_GET_CHIPINFO_IOCTL,
  GPIO_MAX_NAME_SIZE,
  GPIO_V2_GET_LINE_IOCTL,
  GPIO_V2_LINE_GET_VALUES_IOCTL,
  GPIO_V2_LINE_NUM_ATTRS_MAX,
  GPIO_V2_LINE_SET_CONFIG_IOCTL,
  GPIO_V2_LINE_SET_VALUES_IOCTL,
  GPIO_V2_LINES_MAX,
  GpioChipInfoLayout,
  GpioLineAttrId,
  GpioLineAttributeLayout,
  GpioLineConfigAttributeLayout,
  GpioLineConfigLayout,
  GpioLineEventId,
  GpioLineEventLayout,
  GpioLineFlag,
  GpioLineRequestLayout,
  GpioLineValuesLayout,
} from '../../src/linux/gpio-abi';
import { hasGenericIoctlNumbers, ioc } from '../../src/linux/ioc';
import {
  SPI_IOC_WR_BITS_PER_WORD,
  SPI_IOC_WR_MAX_SPEED_HZ,
  SPI_IOC_WR_MODE,
  SPI_IOC_WR_MODE32,
  SpiMode,
  SpiTransferLayout,
  spiIocMessage,
} from '../../src/linux/spidev-abi';

/** Our value of every name the C probe prints (kernel-abi.c), under the same name. */
function ourValues(): Record<string, number | bigint> {
  const values: Record<string, number | bigint> = {};
  for (const n of [1, 2, 3, 17, 511, 512]) values[`SPI_IOC_MESSAGE(${n})`] = spiIocMessage(n);
  Object.assign(values, {
    SPI_IOC_WR_MODE,
    SPI_IOC_WR_MODE32,
    SPI_IOC_WR_MAX_SPEED_HZ,
    SPI_IOC_WR_BITS_PER_WORD,
    SPI_CPHA: SpiMode.CPHA,
    SPI_CPOL: SpiMode.CPOL,
    SPI_CS_HIGH: SpiMode.CS_HIGH,
    SPI_LSB_FIRST: SpiMode.LSB_FIRST,
    SPI_3WIRE: SpiMode.THREE_WIRE,
    SPI_LOOP: SpiMode.LOOP,
    SPI_NO_CS: SpiMode.NO_CS,
    SPI_READY: SpiMode.READY,
    'sizeof spi_ioc_transfer': SpiTransferLayout.size,
    'spi_ioc_transfer.tx_buf': SpiTransferLayout.txBuf,
    'spi_ioc_transfer.rx_buf': SpiTransferLayout.rxBuf,
    'spi_ioc_transfer.len': SpiTransferLayout.len,
    'spi_ioc_transfer.speed_hz': SpiTransferLayout.speedHz,
    'spi_ioc_transfer.delay_usecs': SpiTransferLayout.delayUsecs,
    'spi_ioc_transfer.bits_per_word': SpiTransferLayout.bitsPerWord,
    'spi_ioc_transfer.cs_change': SpiTransferLayout.csChange,
    'spi_ioc_transfer.tx_nbits': SpiTransferLayout.txNbits,
    'spi_ioc_transfer.rx_nbits': SpiTransferLayout.rxNbits,
    'spi_ioc_transfer.word_delay_usecs': SpiTransferLayout.wordDelayUsecs,
    'spi_ioc_transfer.pad': SpiTransferLayout.pad,
    GPIO_GET_CHIPINFO_IOCTL,
    GPIO_V2_GET_LINE_IOCTL,
    GPIO_V2_LINE_SET_CONFIG_IOCTL,
    GPIO_V2_LINE_GET_VALUES_IOCTL,
    GPIO_V2_LINE_SET_VALUES_IOCTL,
    GPIO_V2_LINES_MAX,
    GPIO_MAX_NAME_SIZE,
    GPIO_V2_LINE_NUM_ATTRS_MAX,
    GPIO_V2_LINE_FLAG_USED: GpioLineFlag.USED,
    GPIO_V2_LINE_FLAG_ACTIVE_LOW: GpioLineFlag.ACTIVE_LOW,
    GPIO_V2_LINE_FLAG_INPUT: GpioLineFlag.INPUT,
    GPIO_V2_LINE_FLAG_OUTPUT: GpioLineFlag.OUTPUT,
    GPIO_V2_LINE_FLAG_EDGE_RISING: GpioLineFlag.EDGE_RISING,
    GPIO_V2_LINE_FLAG_EDGE_FALLING: GpioLineFlag.EDGE_FALLING,
    GPIO_V2_LINE_FLAG_OPEN_DRAIN: GpioLineFlag.OPEN_DRAIN,
    GPIO_V2_LINE_FLAG_OPEN_SOURCE: GpioLineFlag.OPEN_SOURCE,
    GPIO_V2_LINE_FLAG_BIAS_PULL_UP: GpioLineFlag.BIAS_PULL_UP,
    GPIO_V2_LINE_FLAG_BIAS_PULL_DOWN: GpioLineFlag.BIAS_PULL_DOWN,
    GPIO_V2_LINE_FLAG_BIAS_DISABLED: GpioLineFlag.BIAS_DISABLED,
    GPIO_V2_LINE_FLAG_EVENT_CLOCK_REALTIME: GpioLineFlag.EVENT_CLOCK_REALTIME,
    GPIO_V2_LINE_ATTR_ID_FLAGS: GpioLineAttrId.FLAGS,
    GPIO_V2_LINE_ATTR_ID_OUTPUT_VALUES: GpioLineAttrId.OUTPUT_VALUES,
    GPIO_V2_LINE_ATTR_ID_DEBOUNCE: GpioLineAttrId.DEBOUNCE,
    GPIO_V2_LINE_EVENT_RISING_EDGE: GpioLineEventId.RISING_EDGE,
    GPIO_V2_LINE_EVENT_FALLING_EDGE: GpioLineEventId.FALLING_EDGE,
    'sizeof gpiochip_info': GpioChipInfoLayout.size,
    'gpiochip_info.name': GpioChipInfoLayout.name,
    'gpiochip_info.label': GpioChipInfoLayout.label,
    'gpiochip_info.lines': GpioChipInfoLayout.lines,
    'sizeof gpio_v2_line_values': GpioLineValuesLayout.size,
    'gpio_v2_line_values.bits': GpioLineValuesLayout.bits,
    'gpio_v2_line_values.mask': GpioLineValuesLayout.mask,
    'sizeof gpio_v2_line_attribute': GpioLineAttributeLayout.size,
    'gpio_v2_line_attribute.id': GpioLineAttributeLayout.id,
    'gpio_v2_line_attribute.padding': GpioLineAttributeLayout.padding,
    'gpio_v2_line_attribute.flags': GpioLineAttributeLayout.value,
    'gpio_v2_line_attribute.values': GpioLineAttributeLayout.value,
    'gpio_v2_line_attribute.debounce_period_us': GpioLineAttributeLayout.value,
    'sizeof gpio_v2_line_config_attribute': GpioLineConfigAttributeLayout.size,
    'gpio_v2_line_config_attribute.attr': GpioLineConfigAttributeLayout.attr,
    'gpio_v2_line_config_attribute.mask': GpioLineConfigAttributeLayout.mask,
    'sizeof gpio_v2_line_config': GpioLineConfigLayout.size,
    'gpio_v2_line_config.flags': GpioLineConfigLayout.flags,
    'gpio_v2_line_config.num_attrs': GpioLineConfigLayout.numAttrs,
    'gpio_v2_line_config.padding': GpioLineConfigLayout.padding,
    'gpio_v2_line_config.attrs': GpioLineConfigLayout.attrs,
    'sizeof gpio_v2_line_request': GpioLineRequestLayout.size,
    'gpio_v2_line_request.offsets': GpioLineRequestLayout.offsets,
    'gpio_v2_line_request.consumer': GpioLineRequestLayout.consumer,
    'gpio_v2_line_request.config': GpioLineRequestLayout.config,
    'gpio_v2_line_request.num_lines': GpioLineRequestLayout.numLines,
    'gpio_v2_line_request.event_buffer_size': GpioLineRequestLayout.eventBufferSize,
    'gpio_v2_line_request.padding': GpioLineRequestLayout.padding,
    'gpio_v2_line_request.fd': GpioLineRequestLayout.fd,
    'sizeof gpio_v2_line_event': GpioLineEventLayout.size,
    'gpio_v2_line_event.timestamp_ns': GpioLineEventLayout.timestampNs,
    'gpio_v2_line_event.id': GpioLineEventLayout.id,
    'gpio_v2_line_event.offset': GpioLineEventLayout.offset,
    'gpio_v2_line_event.seqno': GpioLineEventLayout.seqno,
    'gpio_v2_line_event.line_seqno': GpioLineEventLayout.lineSeqno,
    'gpio_v2_line_event.padding': GpioLineEventLayout.padding,
  });
  return values;
}

describe('ioctl numbers worked out by hand from the header definitions', () => {
  // _IOW('k', 0, char[32 n]) = write (1 << 30) | size << 16 | 'k' (0x6b) << 8 | 0
  it('SPI_IOC_MESSAGE(n) carries n × 32 bytes in its size field, 0 when that overflows 14 bits', () => {
    expect(spiIocMessage(1)).toBe(0x40206b00);
    expect(spiIocMessage(2)).toBe(0x40406b00);
    expect(spiIocMessage(3)).toBe(0x40606b00);
    expect(spiIocMessage(17)).toBe(0x42206b00);
    expect(spiIocMessage(511)).toBe(0x7fe06b00);
    expect(spiIocMessage(512)).toBe(0x40006b00);
  });

  it('the spidev settings', () => {
    expect(SPI_IOC_WR_MODE).toBe(0x40016b01); // _IOW('k', 1, __u8)
    expect(SPI_IOC_WR_BITS_PER_WORD).toBe(0x40016b03); // _IOW('k', 3, __u8)
    expect(SPI_IOC_WR_MAX_SPEED_HZ).toBe(0x40046b04); // _IOW('k', 4, __u32)
    expect(SPI_IOC_WR_MODE32).toBe(0x40046b05); // _IOW('k', 5, __u32)
    expect(SpiMode).toEqual({
      CPHA: 0x01,
      CPOL: 0x02,
      CS_HIGH: 0x04,
      LSB_FIRST: 0x08,
      THREE_WIRE: 0x10,
      LOOP: 0x20,
      NO_CS: 0x40,
      READY: 0x80,
    });
  });

  it('the GPIO requests: read and write (3 << 30), size, 0xb4, number', () => {
    expect(GPIO_GET_CHIPINFO_IOCTL).toBe(0x8044b401); // _IOR(0xb4, 0x01, 68 bytes)
    expect(GPIO_V2_GET_LINE_IOCTL).toBe(0xc250b407); // _IOWR(0xb4, 0x07, 592 bytes)
    expect(GPIO_V2_LINE_SET_CONFIG_IOCTL).toBe(0xc110b40d); // _IOWR(0xb4, 0x0d, 272 bytes)
    expect(GPIO_V2_LINE_GET_VALUES_IOCTL).toBe(0xc010b40e); // _IOWR(0xb4, 0x0e, 16 bytes)
    expect(GPIO_V2_LINE_SET_VALUES_IOCTL).toBe(0xc010b40f); // _IOWR(0xb4, 0x0f, 16 bytes)
  });

  it('the GPIO flag bits and ids', () => {
    expect(Object.values(GpioLineFlag)).toEqual(Array.from({ length: 13 }, (_, bit) => 1n << BigInt(bit)));
    expect(Object.keys(GpioLineFlag)).toEqual([
      'USED',
      'ACTIVE_LOW',
      'INPUT',
      'OUTPUT',
      'EDGE_RISING',
      'EDGE_FALLING',
      'OPEN_DRAIN',
      'OPEN_SOURCE',
      'BIAS_PULL_UP',
      'BIAS_PULL_DOWN',
      'BIAS_DISABLED',
      'EVENT_CLOCK_REALTIME',
      'EVENT_CLOCK_HTE',
    ]);
    expect(GpioLineAttrId).toEqual({ FLAGS: 1, OUTPUT_VALUES: 2, DEBOUNCE: 3 });
    expect(GpioLineEventId).toEqual({ RISING_EDGE: 1, FALLING_EDGE: 2 });
  });

  it('struct sizes and offsets, every field aligned as the kernel aligns it', () => {
    // spi_ioc_transfer: two u64 pointers, len and speed (u32), delay (u16), five u8, one pad byte.
    expect(SpiTransferLayout).toEqual({
      size: 32,
      txBuf: 0,
      rxBuf: 8,
      len: 16,
      speedHz: 20,
      delayUsecs: 24,
      bitsPerWord: 26,
      csChange: 27,
      txNbits: 28,
      rxNbits: 29,
      wordDelayUsecs: 30,
      pad: 31,
    });
    expect(GpioLineValuesLayout).toEqual({ size: 16, bits: 0, mask: 8 });
    expect(GpioLineAttributeLayout).toEqual({ size: 16, id: 0, padding: 4, value: 8 });
    expect(GpioLineConfigAttributeLayout).toEqual({ size: 24, attr: 0, mask: 16 });
    // flags u64, num_attrs u32, padding u32[5], attrs[10] × 24
    expect(GpioLineConfigLayout).toEqual({
      size: 8 + 4 + 20 + 10 * 24,
      flags: 0,
      numAttrs: 8,
      padding: 12,
      attrs: 32,
    });
    // offsets u32[64], consumer char[32], config, num_lines, event_buffer_size, padding u32[5], fd
    expect(GpioLineRequestLayout).toEqual({
      size: 64 * 4 + 32 + 272 + 4 + 4 + 20 + 4,
      offsets: 0,
      consumer: 256,
      config: 288,
      numLines: 560,
      eventBufferSize: 564,
      padding: 568,
      fd: 588,
    });
    // timestamp u64, id, offset, seqno, line_seqno, padding u32[6]
    expect(GpioLineEventLayout).toEqual({
      size: 48,
      timestampNs: 0,
      id: 8,
      offset: 12,
      seqno: 16,
      lineSeqno: 20,
      padding: 24,
    });
    expect(GpioChipInfoLayout).toEqual({ size: 68, name: 0, label: 32, lines: 64 });
  });

  it('refuses an argument size the 14-bit field cannot hold', () => {
    expect(() => ioc(1, 0x6b, 0, 1 << 14)).toThrow(RangeError);
  });
});

const HEADERS = ['/usr/include/linux/spi/spidev.h', '/usr/include/linux/gpio.h'];
const compiler = (() => {
  try {
    execFileSync('cc', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();
const missingHeader = HEADERS.find((header) => !existsSync(header));
const skipReason = !compiler
  ? 'no C compiler (cc) on this machine'
  : missingHeader
    ? `${missingHeader} is missing (install the Linux user-space headers, e.g. linux-libc-dev)`
    : !hasGenericIoctlNumbers()
      ? `this host (${process.arch}) numbers ioctls differently from the radios' targets`
      : undefined;

describe.skipIf(skipReason !== undefined)(
  `the same numbers from the kernel's own headers${skipReason ? ` (skipped: ${skipReason})` : ''}`,
  () => {
    it('compiles kernel-abi.c and finds every value equal to ours', () => {
      const dir = mkdtempSync(join(tmpdir(), 'kernel-abi-'));
      try {
        const binary = join(dir, 'kernel-abi');
        execFileSync('cc', ['-o', binary, join(import.meta.dirname, 'kernel-abi.c')]);
        const kernel = JSON.parse(execFileSync(binary, { encoding: 'utf8' })) as Record<string, number>;
        delete kernel.end;
        const ours = ourValues();
        expect(Object.keys(kernel).sort()).toEqual(Object.keys(ours).sort());
        for (const [name, value] of Object.entries(kernel)) {
          expect({ name, value: Number(ours[name]) }).toEqual({ name, value });
        }
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  },
);
