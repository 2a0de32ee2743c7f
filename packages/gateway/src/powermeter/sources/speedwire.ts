/**
 * SMA Energy Meter and Sunny Home Manager 2.0 over Speedwire: UDP port 9522, the meter multicasts to
 * 239.12.255.254 about once a second; a meter set to unicast sends to this host directly, so both are
 * taken. `serial` 0 takes the first meter heard and stays with it; otherwise only that meter counts.
 *
 * Datagrams of other SMA devices (inverters answering on the same port) are ignored quietly; anything that
 * is not SMA's, or is cut short, is counted and reported. When the multicast group cannot be joined (no
 * multicast route, a container network) the source says so and keeps listening for unicast.
 */
import { createSocket, type Socket } from 'node:dgram';
import type { Clock } from '@dtu-console/clock';
import { PowerMeterLimits } from '@dtu-console/contract';
import { FailureCount } from '../failure-count';
import { decodeSpeedwire } from '../speedwire/decode';
import type { MeterSource, PowerMeterSection, SourceSink } from './source';

type SpeedwireSection = PowerMeterSection['sma_speedwire'];

export interface SpeedwireOptions {
  /** UDP port to bind (tests use a free one). */
  port?: number;
  /** Address to bind; all interfaces by default. */
  address?: string;
  /** Multicast group to join; null joins none. */
  group?: string | null;
  /** Local address of the interface to join the group on; the kernel's choice (the default route's) when unset. */
  multicastInterface?: string;
}

export class SpeedwireSource implements MeterSource {
  readonly #section: SpeedwireSection;
  readonly #clock: Clock;
  readonly #options: SpeedwireOptions;
  readonly failures = new FailureCount();
  #socket: Socket | undefined;
  #serial = 0;
  #otherMeter: number | undefined;
  /** Datagrams of other SMA devices (inverters), ignored. */
  otherDevices = 0;

  constructor(section: SpeedwireSection, clock: Clock, options: SpeedwireOptions = {}) {
    this.#section = section;
    this.#clock = clock;
    this.#options = options;
  }

  /** The meter being followed (0 before the first is heard when `serial` is 0). */
  get serial(): number {
    return this.#serial;
  }

  start(sink: SourceSink): void {
    this.#serial = this.#section.serial;
    const socket = createSocket({ type: 'udp4', reuseAddr: true });
    this.#socket = socket;
    const port = this.#options.port ?? PowerMeterLimits.speedwirePort;
    socket.on('error', (error) => {
      const code = (error as { code?: string }).code;
      sink.problem({
        code: code === 'EACCES' ? 'device-permission' : 'unreachable',
        detail: `Cannot listen on UDP port ${port}: ${error.message}`,
      });
    });
    socket.on('message', (message) => this.#onDatagram(message, sink));
    socket.on('listening', () => {
      const group = this.#options.group === undefined ? PowerMeterLimits.speedwireGroup : this.#options.group;
      if (group === null) return;
      try {
        socket.addMembership(group, this.#options.multicastInterface);
      } catch (error) {
        sink.problem({
          code: 'multicast-join',
          detail: `Cannot join the multicast group ${group}${this.#options.multicastInterface ? ` on ${this.#options.multicastInterface}` : ''} (${(error as Error).message}); only meters that send to this host directly are heard`,
        });
      }
    });
    socket.bind(port, this.#options.address);
  }

  async stop(): Promise<void> {
    const socket = this.#socket;
    this.#socket = undefined;
    if (socket) await new Promise<void>((resolve) => socket.close(() => resolve()));
  }

  #onDatagram(message: Buffer, sink: SourceSink): void {
    const result = decodeSpeedwire(message);
    if (!result.ok) {
      // Other SMA devices use the same port with other protocols: that is normal, not a fault.
      if (result.otherDevice) {
        this.otherDevices++;
        return;
      }
      sink.problem(this.failures.problem('speedwire-foreign', `Speedwire: ${result.detail}`));
      return;
    }
    const { datagram } = result;
    if (this.#serial === 0) this.#serial = datagram.serial;
    if (datagram.serial !== this.#serial) {
      if (this.#otherMeter !== datagram.serial) {
        this.#otherMeter = datagram.serial;
        sink.problem({
          code: 'no-reading',
          detail: `Heard SMA meter ${datagram.serial}, waiting for meter ${this.#serial}`,
        });
      }
      return;
    }
    sink.reading({
      powerW: datagram.powerW,
      ...(datagram.phasesW ? { phasesW: datagram.phasesW } : {}),
      ...(datagram.importWh !== undefined ? { importWh: datagram.importWh } : {}),
      ...(datagram.exportWh !== undefined ? { exportWh: datagram.exportWh } : {}),
      meterId: String(datagram.serial),
      atMs: this.#clock.now(),
    });
  }
}
