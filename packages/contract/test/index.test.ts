import { describe, expect, it } from 'vitest';
import * as contract from '../src/index';

describe('package entry', () => {
  it('re-exports the runtime pieces gateway and console import', () => {
    for (const name of [
      'Code',
      'CodeTable',
      'CodeTexts',
      'envelope',
      'translationKey',
      'validate',
      'validateDataField',
      'mqttConfigSchema',
      'ntpConfigSchema',
      'ntpTimeSchema',
      'securityConfigSchema',
      'MqttLimits',
      'Timing',
      'formatVersion',
      'productionDate',
    ]) {
      expect(contract, name).toHaveProperty(name);
    }
    expect(contract.Code.SettingsSaved).toBe(1001);
  });
});
