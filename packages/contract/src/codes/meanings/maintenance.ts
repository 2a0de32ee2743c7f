import { MaintenanceCode } from '../../maintenance/codes';
import type { CodeMeaningsOf } from './meaning';

/** When the server sends each MaintenanceCode code, for developers (`./meaning.ts`). */
export const MaintenanceCodeMeanings: CodeMeaningsOf<typeof MaintenanceCode> = {
  [MaintenanceCode.ConfigNothingDeleted]: 'factory reset requested with delete:false',
  [MaintenanceCode.ConfigReset]: 'factory reset performed, device reboots',
  [MaintenanceCode.FileDeleted]: 'single file deleted',
  [MaintenanceCode.RebootTriggered]: 'reboot triggered',
  [MaintenanceCode.RebootCancelled]: 'reboot not requested (reboot:false)',
};
