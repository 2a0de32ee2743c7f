import { type CodeSpecs, success, warning } from '../common/code-spec';

/** Codes of factory reset, file deletion and reboot. */
export const MaintenanceCode = {
  ConfigNothingDeleted: 3001,
  ConfigReset: 3002,
  FileDeleted: 3003,
  RebootTriggered: 6001,
  RebootCancelled: 6002,
} as const;

export const MaintenanceCodeTable: CodeSpecs<typeof MaintenanceCode> = {
  [MaintenanceCode.ConfigNothingDeleted]: warning(),
  [MaintenanceCode.ConfigReset]: success(),
  [MaintenanceCode.FileDeleted]: success(),
  [MaintenanceCode.RebootTriggered]: success(),
  [MaintenanceCode.RebootCancelled]: warning(),
};
