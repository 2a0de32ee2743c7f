import { type CodeSpecs, success, warning } from './spec';

/** Codes of factory reset, file deletion and reboot. */
export const MaintenanceCode = {
  ConfigNothingDeleted: 3001,
  ConfigReset: 3002,
  FileDeleted: 3003,
  RebootTriggered: 6001,
  RebootCancelled: 6002,
} as const;

export const MaintenanceCodeTable: CodeSpecs<typeof MaintenanceCode> = {
  [MaintenanceCode.ConfigNothingDeleted]: warning(
    'factory reset requested with delete:false',
    'Nothing deleted.',
  ),
  [MaintenanceCode.ConfigReset]: success(
    'factory reset performed, device reboots',
    'Configuration reset, rebooting.',
  ),
  [MaintenanceCode.FileDeleted]: success('single file deleted', 'File deleted.'),
  [MaintenanceCode.RebootTriggered]: success('reboot triggered', 'Reboot triggered.'),
  [MaintenanceCode.RebootCancelled]: warning('reboot not requested (reboot:false)', 'Reboot cancelled.'),
};
