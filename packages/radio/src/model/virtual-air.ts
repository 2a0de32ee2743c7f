/**
 * `--radio model`: the real drivers against the register-level chip models, whose far sides reach the
 * virtual plant's inverters. engine → Nrf24Radio / Cmt2300aRadio → chip model → virtual air → virtual
 * inverter, all on the gateway clock. The plant's inverters decide where they listen (an HMS/HMT on its
 * frequency, following a channel change, falling back to the start-up frequency); the nRF far side
 * answers on the channel it defines. The simulated radio's fault levels apply here too: a lost request,
 * a lost fragment (the chip never hears it), a damaged fragment (the chip's CRC check drops it).
 */

import type { Clock } from '@dtu-console/clock';
import type { RadioKind } from '@dtu-console/hoymiles';
import { Cmt2300aRadio } from '../cmt2300a/driver/cmt2300a-radio';
import { fifoOnChipSelect } from '../cmt2300a/driver/fifo-port';
import { CmtFarSide } from '../cmt2300a/model/cmt2300a-far-side';
import { Cmt2300aModel } from '../cmt2300a/model/cmt2300a-model';
import { cmt2300aPorts } from '../cmt2300a/model/cmt2300a-ports';
import { DualRadio } from '../dual-radio';
import { Nrf24Radio } from '../nrf24/driver/nrf24-radio';
import { NrfFarSide } from '../nrf24/model/nrf24-far-side';
import { Nrf24Model, type Nrf24ModelFaults } from '../nrf24/model/nrf24-model';
import type { RadioSettings } from '../radio';
import type { RadioTimer } from '../radio-timer';
import type { Location } from '../simulated/physics';
import type { Random } from '../simulated/random';
import { either, type SimulatedFaults, weakSignalLoss, withDefaults } from '../simulated/simulated-radio';
import { type SimulatedInverterSpec, VirtualPlant } from '../simulated/virtual-plant';

export interface ModelRadioOptions {
  /** The gateway clock: the virtual plant's time and the far sides' answers. */
  clock: Clock;
  /** What the drivers and chip models time with (default `clock`; the radio thread gives a monotonic one). */
  timer?: RadioTimer;
  random: Random;
  location: () => Location;
  faults?: SimulatedFaults;
  cloudiness?: number;
  channelChangeDelayMs?: number;
  /** Test faults of the chips themselves. */
  nrfFaults?: Nrf24ModelFaults;
  /** False: no CMT2300A on the bus. */
  cmtPresent?: boolean;
  /** Between two CMT answer fragments, ms (tests squeeze it to overrun the one-packet FIFO). */
  cmtFragmentSpacingMs?: number;
}

/** CMT answers as HMS/HMT send them: a first fragment after the request, then one after another. */
const CMT_REPLY_DELAY_MS = 25;
const CMT_FRAGMENT_SPACING_MS = 12;

/** The model radio with its parts exposed (tests reach into the models to inject faults). */
export interface ModelRadio {
  radio: DualRadio;
  plant: VirtualPlant;
  nrfModel: Nrf24Model;
  cmtModel: Cmt2300aModel;
  nrfAir: NrfFarSide;
  cmtAir: CmtFarSide;
  /** The configured inverters (see VirtualPlant.setInverters). */
  setInverters(specs: readonly SimulatedInverterSpec[]): void;
  /** Changes the fault levels at run time. */
  setFaults(faults: SimulatedFaults): void;
}

export function createModelRadio(options: ModelRadioOptions): ModelRadio {
  const { clock } = options;
  const timer = options.timer ?? clock;
  const faultRandom = options.random.fork('faults');
  let faults = withDefaults(options.faults);
  let settings: RadioSettings | undefined;
  const plant = new VirtualPlant({
    clock,
    random: options.random,
    location: options.location,
    settings: () => settings,
    lowLightTruncation: () => faults.lowLightTruncation,
    ...(options.cloudiness === undefined ? {} : { cloudiness: options.cloudiness }),
    ...(options.channelChangeDelayMs === undefined
      ? {}
      : { channelChangeDelayMs: options.channelChangeDelayMs }),
  });
  const weak = (radio: RadioKind) => (settings ? weakSignalLoss(faults, radio, settings) : 0);
  const responder = plant.responder((radio) => !faultRandom.chance(either(faults.packetLoss, weak(radio))));
  const loseFragment = (radio: RadioKind) => () =>
    faultRandom.chance(either(faults.fragmentLoss, weak(radio)));
  const damaged = () => faultRandom.chance(faults.corruption);

  // The nRF far side acknowledges for the plant's HM inverters; the list is kept in step below.
  const nrfAddresses: number[] = [];
  // The answers ask for an acknowledgement: the chip model checks that the driver's auto-ack gives it.
  const nrfAir = new NrfFarSide({
    clock,
    responder,
    inverters: nrfAddresses,
    lose: loseFragment('NRF24'),
    answersWantAck: true,
  });
  const nrfModel = new Nrf24Model({
    clock: timer,
    air: nrfAir,
    path: 'model:nrf24',
    faults: { crcError: damaged, ...options.nrfFaults },
  });
  const cmtAir = new CmtFarSide({
    clock,
    responder,
    replyDelayMs: CMT_REPLY_DELAY_MS,
    fragmentSpacingMs: options.cmtFragmentSpacingMs ?? CMT_FRAGMENT_SPACING_MS,
    // A garden-distance link: around −65 dBm, a few dB either way.
    rssiDbm: () => -65 + Math.round((faultRandom.next() - 0.5) * 8),
    drop: loseFragment('CMT'),
  });
  const cmtModel = new Cmt2300aModel({ clock: timer, air: cmtAir, present: options.cmtPresent ?? true });
  cmtModel.faults.crcError = damaged;
  const ports = cmt2300aPorts(cmtModel, timer);

  const nrf = new Nrf24Radio({ spi: nrfModel.spi, ce: nrfModel.ce, irq: nrfModel.irq, clock: timer });
  const cmt = new Cmt2300aRadio({
    bus: ports.csb,
    fifo: fifoOnChipSelect(ports.fcsb),
    gpio2: ports.gpio2,
    gpio3: ports.gpio3,
    clock: timer,
    stamp: () => clock.now(),
  });
  const radio = new DualRadio({
    mode: 'model',
    nrf: { driver: nrf },
    cmt: { driver: cmt },
    // The plant needs the settings the engine gives the radio (country, CMT frequency).
    onConfigure: (next) => {
      settings = { ...next };
    },
  });

  return {
    radio,
    plant,
    nrfModel,
    cmtModel,
    nrfAir,
    cmtAir,
    setInverters(specs) {
      plant.setInverters(specs);
      nrfAddresses.splice(0, nrfAddresses.length, ...plant.addresses('NRF24'));
    },
    setFaults(next) {
      faults = withDefaults(next);
    },
  };
}
