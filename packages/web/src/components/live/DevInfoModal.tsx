import { formatVersion, productionDate } from '@dtu-console/contract/format';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchDevInfo } from '../../api/devinfo';
import { errorAlert } from '../../api/response';
import { withQuery } from '../../app/query';
import { EXTRA_NS } from '../../i18n';
import { useFormat } from '../../i18n/format';
import { AlertBox } from '../AlertBox';
import { Dialog, DialogLoading } from '../Dialog';
import type { InverterDialogProps } from './types';

/** "YYYY-MM-DD HH:MM:SS" in UTC → the viewer's local date and time; the raw text if it does not parse. */
function buildDate(text: string, format: (date: Date) => string): string {
  const date = new Date(`${text.replace(' ', 'T')}Z`);
  return Number.isNaN(date.getTime()) ? text : format(date);
}

/** Every device-info field of spec §3 plus the production date read from the serial. */
function DevInfoModal({ serial, name, onClose }: InverterDialogProps) {
  const { t } = useTranslation(EXTRA_NS);
  const f = useFormat();
  const query = useQuery({
    queryKey: ['devinfo', serial],
    queryFn: () => fetchDevInfo(serial, { suppressErrorScreen: true }),
  });
  const info = query.data;
  const production = productionDate(serial);
  const row = (label: string, value: ReactNode) => (
    <tr>
      <th scope="row" className="fw-normal text-body-secondary w-50">
        {label}
      </th>
      <td className="text-break">{value}</td>
    </tr>
  );
  return (
    <Dialog title={t('devinfo.title', { name })} onClose={onClose}>
      {query.isPending ? (
        <DialogLoading />
      ) : query.isError ? (
        <AlertBox alert={errorAlert(query.error)} />
      ) : (
        <>
          {!info?.valid_data && <AlertBox alert={{ variant: 'warning', text: t('devinfo.noData') }} />}
          <table className="table table-sm mb-0">
            <tbody>
              {row(t('devinfo.model'), info?.hw_model_name || t('common.unknown'))}
              {row(t('devinfo.serial'), <span className="font-monospace">{serial}</span>)}
              {row(
                t('devinfo.maxPower'),
                info?.max_power ? f.unit(info.max_power, 'W') : t('common.unknown'),
              )}
              {row(t('devinfo.productionYear'), production ? production.year : t('common.unknown'))}
              {row(t('devinfo.productionWeek'), production ? production.week : t('common.unknown'))}
              {row(t('devinfo.firmwareVersion'), formatVersion(info?.fw_build_version ?? 0))}
              {row(t('devinfo.firmwareDate'), buildDate(info?.fw_build_datetime ?? '', f.dateTime))}
              {row(t('devinfo.bootloaderVersion'), formatVersion(info?.fw_bootloader_version ?? 0))}
              {row(t('devinfo.hardwareVersion'), info?.hw_version || t('common.unknown'))}
              {row(t('devinfo.partNumber'), info?.hw_part_number ?? t('common.unknown'))}
              {row(t('devinfo.pdl'), info?.pdl_supported ? t('common.yes') : t('common.no'))}
            </tbody>
          </table>
        </>
      )}
    </Dialog>
  );
}

export default withQuery(DevInfoModal);
