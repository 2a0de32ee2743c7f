/**
 * Host errors in words a user can act on. The errno of a failed open or ioctl says what to do: enable the
 * interface, join a group, free the line, fix the profile. Every message names the device.
 */
import { IoError } from '../io';

export type DeviceKind = 'spi' | 'gpio';

/** What we were doing when the call failed, for the message. */
export interface FailureContext {
  /** `/dev/spidev0.0`, `/dev/gpiochip0`. */
  path: string;
  kind: DeviceKind;
  /** `open`, `set SPI mode`, `request line 22`, ... */
  action: string;
}

const errorCode = (error: unknown): string | undefined => {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
};

/** The dtparam/dtoverlay line that creates a spidev on a Raspberry Pi, by bus number. */
function enableSpiHint(path: string): string {
  const bus = /spidev(\d+)\./.exec(path)?.[1];
  if (bus === '0' || bus === undefined) return 'enable SPI (dtparam=spi=on in config.txt, then reboot)';
  return `enable SPI${bus} (dtoverlay=spi${bus}-2cs in config.txt, then reboot)`;
}

function message(code: string | undefined, detail: string, { path, kind, action }: FailureContext): string {
  const group = kind === 'spi' ? 'spi' : 'gpio';
  switch (code) {
    case 'ENOENT':
      return kind === 'spi'
        ? `${path} does not exist: ${enableSpiHint(path)}`
        : `${path} does not exist: check the gpiochip of the device profile (gpiodetect lists the chips)`;
    case 'EACCES':
    case 'EPERM':
      return `no permission on ${path}: add the user to the ${group} group`;
    case 'EBUSY':
      return kind === 'spi'
        ? `${path} is busy: another program or driver uses it`
        : `${action} on ${path}: the line is busy, another program or a kernel driver (an SPI chip select, an overlay) uses it`;
    case 'EINVAL':
      return kind === 'spi'
        ? `${path} refused to ${action}: the SPI controller does not support this setting`
        : `${path} refused to ${action}: check the line offsets of the device profile (gpioinfo lists the lines)`;
    case 'ENOTTY':
      return kind === 'spi' ? `${path} is not an SPI device` : `${path} is not a GPIO chip`;
    case 'ENODEV':
    case 'ENXIO':
      return `${path} has gone away (device removed or driver unloaded)`;
    case 'EIO':
      return `${path}: input/output error while trying to ${action}`;
    default:
      return `${path}: could not ${action} (${code ?? detail})`;
  }
}

/** Wraps any failure of an open or ioctl as an IoError (an IoError passes through unchanged). */
export function ioErrorOf(error: unknown, context: FailureContext): IoError {
  if (error instanceof IoError) return error;
  const code = errorCode(error);
  const detail = error instanceof Error ? error.message : String(error);
  return new IoError(message(code, detail, context), code);
}
