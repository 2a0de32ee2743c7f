/**
 * Real-time run data (data type 0x0B), the public face of `run-data/`: the layouts from the data file
 * (`layout.ts`), the values of one answer (`values.ts`), each field's name, unit and decimals
 * (`field-info.ts`), decoding and encoding (`codec.ts`) and the totals (`totals.ts`).
 */
export {
  decodeRunData,
  encodeRunData,
  RUN_DATA_DATA_TYPE,
  type RunDataState,
} from './run-data/codec';
export {
  formatRunDataValue,
  type RunDataField,
  type RunDataFieldInfo,
  runDataFieldInfo,
  runDataFields,
} from './run-data/field-info';
export {
  type RunDataCalc,
  type RunDataChannelType,
  type RunDataFieldKey,
  type RunDataFieldSource,
  type RunDataFieldSpec,
  type RunDataLayout,
  runDataLayout,
} from './run-data/layout';
export {
  applyYieldOffsets,
  efficiencyPercent,
  irradiationPercent,
  type RunDataTotals,
  runDataTotals,
} from './run-data/totals';
export type { RunData, RunDataAc, RunDataDcInput, RunDataPhases } from './run-data/values';
