/** The Power meter screen's form values: the source choice with "off", one or three MQTT topics, the checks. */
import { Code } from '@dtu-console/contract/codes';
import { describe, expect, it } from 'vitest';
import { check, toPayload, toValues } from '../../../src/components/powermeter/form-values';
import { meterTopic, switchedOffMeter } from '../../helpers/powermeter-fixtures';

const meter = switchedOffMeter;
const topic = meterTopic;
describe('the Power meter form', () => {
  it('shows a switched-off meter as source "off" with three topic rows, and saves what it showed', () => {
    const values = toValues(meter);
    expect(values.meter.source).toBe('none');
    expect(values.meter.mqtt.phases).toBe(1);
    expect(values.meter.mqtt.values).toHaveLength(3);
    // Off is saved as off; every source's own settings stay as they were.
    expect(toPayload(values)).toEqual({ ...meter, source: 'none' });
  });

  it('sends one or three topics, and the source switched on', () => {
    const values = toValues(meter);
    values.meter.source = 'mqtt';
    values.meter.mqtt.phases = 3;
    values.meter.mqtt.values = [topic('L1'), topic('L2'), topic('L3')];
    const payload = toPayload(values);
    expect(payload.enabled).toBe(true);
    expect(payload.mqtt.values.map((v) => v.topic)).toEqual(['L1', 'L2', 'L3']);
    values.meter.mqtt.phases = 1;
    expect(toPayload(values).mqtt.values.map((v) => v.topic)).toEqual(['L1']);
  });

  it("checks with the contract's codes and marks the field of the chosen source", () => {
    const values = toValues(meter);
    expect(check(values)).toBeUndefined();
    values.meter.source = 'http';
    values.meter.http_json.http_request.url = 'ftp://meter';
    expect(check(values)).toMatchObject({
      code: Code.PowerMeterUrlInvalid,
      field: 'meter.http_json.http_request.url',
    });
  });
});
