import type { GridProfileItem } from '@dtu-console/contract/gridprofile/api';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { fetchGridProfile, fetchGridProfileRaw, isEmptyProfile } from '../../api/gridprofile';
import { errorAlert } from '../../api/response';
import { EXTRA_NS } from '../../i18n';
import { useFormat } from '../../i18n/format';
import { withQuery } from '../../lib/query';
import { AlertBox } from '../AlertBox';
import { Dialog, DialogLoading } from '../Dialog';
import { InfoRow } from '../InfoRow';
import type { InverterDialogProps } from './types';

/** The raw profile as hex, 16 bytes a line. */
export function hexLines(raw: readonly number[]): string[] {
  const lines: string[] = [];
  for (let i = 0; i < raw.length; i += 16) {
    lines.push(
      raw
        .slice(i, i + 16)
        .map((byte) => byte.toString(16).toUpperCase().padStart(2, '0'))
        .join(' '),
    );
  }
  return lines;
}

/** Sections and items of the grid profile, bool items as enabled/disabled, and its raw bytes. */
function GridProfileModal({ serial, name, onClose }: InverterDialogProps) {
  const { t } = useTranslation(EXTRA_NS);
  const f = useFormat();
  const profile = useQuery({
    queryKey: ['gridprofile', serial],
    queryFn: () => fetchGridProfile(serial, { suppressErrorScreen: true }),
  });
  const raw = useQuery({
    queryKey: ['gridprofile', 'raw', serial],
    queryFn: () => fetchGridProfileRaw(serial, { suppressErrorScreen: true }),
  });
  // The gateway names sections and items in English, as OpenDTU does; the console says them in the
  // visitor's language (a name it does not know, from a newer gateway, stays as sent).
  const profileName = (english: string) =>
    t(`gridprofile.names.${english.replace(/[^A-Za-z0-9]+/g, '_').replace(/^_|_$/g, '')}`, {
      defaultValue: english,
    });
  const item = (entry: GridProfileItem) => {
    if (entry.u === 'bool') return entry.v ? t('gridprofile.enabled') : t('gridprofile.disabled');
    const digits = Number.isInteger(entry.v) ? 0 : Math.min(3, String(entry.v).split('.')[1]?.length ?? 0);
    return entry.u ? f.unit(entry.v, entry.u, digits) : f.number(entry.v, digits);
  };
  const error = profile.error ?? raw.error;
  return (
    <Dialog title={t('gridprofile.title', { name })} onClose={onClose} size="lg">
      {profile.isPending || raw.isPending ? (
        <DialogLoading />
      ) : error ? (
        <AlertBox alert={errorAlert(error)} />
      ) : isEmptyProfile(raw.data?.raw) ? (
        <p className="mb-0">{t('gridprofile.empty')}</p>
      ) : (
        <>
          <table className="table table-sm mb-3">
            <tbody>
              <InfoRow label={t('gridprofile.name')}>{profile.data?.name}</InfoRow>
              <InfoRow label={t('gridprofile.version')}>{profile.data?.version}</InfoRow>
            </tbody>
          </table>
          {(profile.data?.sections ?? []).map((section, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: section names may repeat; the list is fixed
            <section key={index} className="mb-3">
              <h3 className="h6">{profileName(section.name)}</h3>
              <table className="table table-sm table-striped mb-0">
                <tbody>
                  {section.items.map((entry, itemIndex) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: as above
                    <tr key={itemIndex}>
                      <td>{profileName(entry.n)}</td>
                      <td className="text-end text-nowrap">{item(entry)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
          ))}
          <h3 className="h6">{t('gridprofile.rawData')}</h3>
          <pre className="raw-bytes small mb-0" data-testid="gridprofile-raw">
            {hexLines(raw.data?.raw ?? []).join('\n')}
          </pre>
        </>
      )}
    </Dialog>
  );
}

export default withQuery(GridProfileModal);
