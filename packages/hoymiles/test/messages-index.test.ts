import { describe, expect, it } from 'vitest';
import * as api from '../src/index';

// `export *` silently drops names exported twice, so check that the payload codecs survive the merge.
describe('public index exports the payload codecs', () => {
  it('has every decoder, encoder and data type', () => {
    const names = [
      'RUN_DATA_DATA_TYPE',
      'decodeRunData',
      'encodeRunData',
      'runDataFields',
      'runDataTotals',
      'runDataLayout',
      'DEVICE_INFO_ALL_DATA_TYPE',
      'DEVICE_INFO_SIMPLE_DATA_TYPE',
      'decodeDeviceInfoAll',
      'decodeDeviceInfoSimple',
      'encodeDeviceInfoAll',
      'encodeDeviceInfoSimple',
      'summarizeDeviceInfo',
      'hwPartNumberForModel',
      'EVENT_LOG_DATA_TYPE',
      'decodeEventLog',
      'encodeEventLog',
      'renderEventLog',
      'GRID_PROFILE_DATA_TYPE',
      'decodeGridProfile',
      'encodeGridProfile',
      'SYSTEM_CONFIG_DATA_TYPE',
      'decodeSystemConfig',
      'encodeSystemConfig',
    ];
    for (const name of names) expect(api, name).toHaveProperty(name);
    expect(api.RUN_DATA_DATA_TYPE).toBe(api.DataType.RunData);
  });
});
