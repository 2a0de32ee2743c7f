import { MaintenanceCode } from '../../maintenance/codes';
import { type CodeTextsOf, text } from './text';

/** What the MaintenanceCode codes mean and the English `message` the gateway answers them with. */
export const MaintenanceCodeTexts: CodeTextsOf<typeof MaintenanceCode> = {
  [MaintenanceCode.ConfigNothingDeleted]: text(
    'factory reset requested with delete:false',
    'Nothing deleted.',
  ),
  [MaintenanceCode.ConfigReset]: text(
    'factory reset performed, device reboots',
    'Configuration reset, rebooting.',
  ),
  [MaintenanceCode.FileDeleted]: text('single file deleted', 'File deleted.'),
  [MaintenanceCode.RebootTriggered]: text('reboot triggered', 'Reboot triggered.'),
  [MaintenanceCode.RebootCancelled]: text('reboot not requested (reboot:false)', 'Reboot cancelled.'),
};
