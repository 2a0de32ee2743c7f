/** A radio's transmissions, recorded for tests that check what went on the air. */
import type { Radio, RadioRequest } from '@dtu-console/radio/radio';

/** Records every request `radio` transmits, in order; the requests are still sent. */
export function recordTransmits(radio: Pick<Radio, 'transmit'>): RadioRequest[] {
  const sent: RadioRequest[] = [];
  const transmit = radio.transmit.bind(radio);
  radio.transmit = (request) => {
    sent.push(request);
    return transmit(request);
  };
  return sent;
}
