import { formatVersion, productionDate } from '@dtu-console/contract/common/format';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { fetchDevInfo } from '../../api/devinfo';
import { errorAlert } from '../../api/response';
import { EXTRA_NS } from '../../i18n';
import { useFormat } from '../../i18n/format';
import { withQuery } from '../../lib/query';
import { AlertBox } from '../AlertBox';
import { Dialog, DialogLoading } from '../Dialog';
import { InfoRow } from '../InfoRow';
import type { InverterDialogProps } from './types';

/** "YYYY-MM-DD HH:MM:SS" in UTC → the viewer's local date and time; the raw text if it does not parse. */
function buildDate(text: string, format: (date: Date) => string): string {
  const date = new Date(`${text.replace(' ', 'T')}Z`);
  return Number.isNaN(date.getTime()) ? text : format(date);
}

/** Every device-info field plus the production date read from the serial. */
function DevInfoModal({ serial, name, onClose }: InverterDialogProps) {
  const { t } = useTranslation(EXTRA_NS);
  const f = useFormat();
  const query = useQuery({
    queryKey: ['devinfo', serial],
    queryFn: () => fetchDevInfo(serial, { suppressErrorScreen: true }),
  });
  const info = query.data;
  const production = productionDate(serial);
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
              <InfoRow label={t('devinfo.model')}>{info?.hw_model_name || t('common.unknown')}</InfoRow>
              <InfoRow label={t('devinfo.serial')}>
                <span className="font-monospace">{serial}</span>
              </InfoRow>
              <InfoRow label={t('devinfo.maxPower')}>
                {info?.max_power ? f.unit(info.max_power, 'W') : t('common.unknown')}
              </InfoRow>
              <InfoRow label={t('devinfo.productionYear')}>{production?.year ?? t('common.unknown')}</InfoRow>
              <InfoRow label={t('devinfo.productionWeek')}>{production?.week ?? t('common.unknown')}</InfoRow>
              <InfoRow label={t('devinfo.firmwareVersion')}>
                {formatVersion(info?.fw_build_version ?? 0)}
              </InfoRow>
              <InfoRow label={t('devinfo.firmwareDate')}>
                {buildDate(info?.fw_build_datetime ?? '', f.dateTime)}
              </InfoRow>
              <InfoRow label={t('devinfo.bootloaderVersion')}>
                {formatVersion(info?.fw_bootloader_version ?? 0)}
              </InfoRow>
              <InfoRow label={t('devinfo.hardwareVersion')}>
                {info?.hw_version || t('common.unknown')}
              </InfoRow>
              <InfoRow label={t('devinfo.partNumber')}>{info?.hw_part_number ?? t('common.unknown')}</InfoRow>
              <InfoRow label={t('devinfo.pdl')}>
                {info?.pdl_supported ? t('common.yes') : t('common.no')}
              </InfoRow>
            </tbody>
          </table>
        </>
      )}
    </Dialog>
  );
}

export default withQuery(DevInfoModal);
