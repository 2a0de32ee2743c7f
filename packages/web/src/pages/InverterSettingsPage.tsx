import type { Envelope } from '@dtu-console/contract/common/envelope';
import type {
  InverterAddPayload,
  InverterConfig,
  InverterEditPayload,
} from '@dtu-console/contract/inverter/api';
import { InverterLimits } from '@dtu-console/contract/inverter/limits';
import { inverterAddRules } from '@dtu-console/contract/inverter/schemas';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import Sun from 'react-bootstrap-icons/dist/icons/brightness-high';
import GripVertical from 'react-bootstrap-icons/dist/icons/grip-vertical';
import Moon from 'react-bootstrap-icons/dist/icons/moon-stars';
import Pencil from 'react-bootstrap-icons/dist/icons/pencil';
import Trash from 'react-bootstrap-icons/dist/icons/trash';
import { FormProvider, useForm } from 'react-hook-form';
import {
  addInverter,
  deleteInverter,
  editInverter,
  inverterListQuery,
  saveInverterOrder,
} from '../api/inverter';
import { type AlertMessage, errorAlert, responseAlert } from '../api/response';
import {
  type ClientRule,
  CodeAlert,
  contractResolver,
  FormCard,
  maxLengthRule,
  requiredRule,
  rulesCheck,
  SerialField,
  serialRules,
  storedSerial,
  TextField,
  useSettingsTranslation,
  useUnsavedGuard,
} from '../components/form';
import { moveItem, useSortableRows } from '../components/inverter/useSortableRows';
import { PageFrame } from '../components/PageFrame';
import { WifiDevicesCard } from '../components/wifi/WifiDevicesCard';
import { withQuery } from '../lib/query';
import '../styles/forms.scss';
import '../styles/settings.scss';
import '../styles/tables.scss';

// The dialogs open on a click: their code and styles load then, not with the screen's first load.
const InverterEditDialog = lazy(() =>
  import('../components/inverter/InverterEditDialog').then((m) => ({ default: m.InverterEditDialog })),
);
const Dialog = lazy(() => import('../components/Dialog').then((m) => ({ default: m.Dialog })));

const addRules: readonly ClientRule<InverterAddPayload>[] = [
  ...serialRules<InverterAddPayload>((v) => v.serial),
  requiredRule('name', (v) => v.name),
  maxLengthRule('name', InverterLimits.nameMaxLength, (v) => v.name),
];
const toAddPayload = (values: InverterAddPayload): InverterAddPayload => ({
  serial: storedSerial(values.serial) ?? values.serial,
  name: values.name,
});
const addCheck = rulesCheck(inverterAddRules, toAddPayload);

/** /settings/inverter: add, list (drag to reorder), edit and delete inverters. */
function InverterSettingsPage() {
  const { t } = useSettingsTranslation();
  const queryClient = useQueryClient();
  const list = useQuery(inverterListQuery);
  const [alert, setAlert] = useState<AlertMessage | null>(null);

  /** Every call answers an envelope shown as the page's alert; the list is read again after each. */
  const run = async (call: () => Promise<Envelope>): Promise<AlertMessage> => {
    let answer: AlertMessage;
    try {
      answer = responseAlert(t, await call());
    } catch (error) {
      answer = errorAlert(error);
    }
    setAlert(answer);
    await queryClient.invalidateQueries({ queryKey: inverterListQuery.queryKey });
    return answer;
  };

  return (
    <PageFrame
      title={t('inverteradmin.title')}
      loading={list.isPending}
      onReload={() => {
        setAlert(null);
        void list.refetch();
      }}
    >
      <CodeAlert alert={alert} onDismiss={() => setAlert(null)} />
      <AddInverterCard onAdd={(payload) => run(() => addInverter(payload))} />
      {list.data && <InverterList inverters={list.data} run={run} />}
      {/* Its own boundary: loading the card's texts must not suspend (and remount) the forms above it. */}
      <Suspense fallback={null}>
        <WifiDevicesCard />
      </Suspense>
    </PageFrame>
  );
}

function AddInverterCard({ onAdd }: { onAdd: (payload: InverterAddPayload) => Promise<AlertMessage> }) {
  const { t } = useSettingsTranslation();
  const form = useForm<InverterAddPayload>({
    defaultValues: { serial: '', name: '' },
    resolver: contractResolver(t, addRules, addCheck),
    reValidateMode: 'onChange',
  });
  const submit = form.handleSubmit(async (values) => {
    const answer = await onAdd(toAddPayload(values));
    if (answer.variant === 'success') form.reset();
  });
  return (
    <FormCard title={t('inverter.add')}>
      <FormProvider {...form}>
        <form onSubmit={submit} noValidate>
          <SerialField name="serial" label={t('inverter.serial')} />
          <TextField
            idPrefix="add"
            name="name"
            label={t('inverter.name')}
            maxLength={InverterLimits.nameMaxLength}
          />
          <div className="text-end">
            <button type="submit" className="btn btn-primary" disabled={form.formState.isSubmitting}>
              {t('inverter.addButton')}
            </button>
          </div>
        </form>
      </FormProvider>
    </FormCard>
  );
}

function InverterList({
  inverters,
  run,
}: {
  inverters: InverterConfig[];
  run: (call: () => Promise<Envelope>) => Promise<AlertMessage>;
}) {
  const { t } = useSettingsTranslation();
  const [rows, setRows] = useState(inverters);
  const [editing, setEditing] = useState<InverterConfig | null>(null);
  const [deleting, setDeleting] = useState<InverterConfig | null>(null);
  useEffect(() => setRows(inverters), [inverters]);
  const ids = rows.map((row) => row.id);
  const reordered = ids.join() !== inverters.map((row) => row.id).join();
  useUnsavedGuard(reordered, t('form.unsavedQuestion'));
  const move = (from: number, to: number) => setRows((current) => moveItem(current, from, to));
  const sortable = useSortableRows(ids, move);

  return (
    <FormCard title={t('inverter.list', { count: rows.length, max: InverterLimits.maxInverters })}>
      {rows.length === 0 ? (
        <p className="mb-0 text-body-secondary">{t('inverter.none')}</p>
      ) : (
        <div className="table-responsive">
          <table className="table table-hover align-middle mb-3" data-testid="inverter-table">
            <thead>
              <tr>
                <th scope="col">
                  <span className="visually-hidden">{t('inverter.order')}</span>
                </th>
                <th scope="col" className="d-none d-lg-table-cell">
                  {t('inverter.status')}
                </th>
                <th scope="col">{t('inverter.serial')}</th>
                <th scope="col">{t('inverter.name')}</th>
                <th scope="col" className="d-none d-md-table-cell">
                  {t('inverter.type')}
                </th>
                <th scope="col" className="text-end">
                  {t('inverter.actions')}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((inverter, index) => (
                <tr key={inverter.id} ref={sortable.rowRef(inverter.id)} data-testid="inverter-row">
                  <td>
                    <button
                      type="button"
                      className="btn btn-sm btn-link sort-handle p-1"
                      aria-label={t('inverter.moveHandle', { name: inverter.name })}
                      title={t('inverter.moveHint')}
                      {...sortable.handleProps(inverter.id)}
                      onKeyDown={(event) => {
                        const to =
                          event.key === 'ArrowUp' ? index - 1 : event.key === 'ArrowDown' ? index + 1 : -1;
                        if (to < 0 || to >= rows.length) return;
                        event.preventDefault();
                        const handle = event.currentTarget;
                        move(index, to);
                        requestAnimationFrame(() => handle.focus());
                      }}
                    >
                      <GripVertical aria-hidden />
                    </button>
                  </td>
                  <td className="d-none d-lg-table-cell">
                    <StatusBadges inverter={inverter} />
                  </td>
                  <td className="font-monospace">{inverter.serial.toUpperCase()}</td>
                  <td>
                    {inverter.name}
                    {/* Narrow screens: the status under the name instead of a column of its own. */}
                    <div className="d-lg-none mt-1">
                      <StatusBadges inverter={inverter} />
                    </div>
                  </td>
                  <td className="text-nowrap d-none d-md-table-cell">{inverter.type}</td>
                  <td className="text-end text-nowrap">
                    <button
                      type="button"
                      className="btn btn-sm btn-outline-primary me-2"
                      aria-label={t('inverter.edit', { name: inverter.name })}
                      title={t('inverter.edit', { name: inverter.name })}
                      aria-haspopup="dialog"
                      onClick={() => setEditing(inverter)}
                    >
                      <Pencil aria-hidden />
                    </button>
                    <button
                      type="button"
                      className="btn btn-sm btn-outline-danger"
                      aria-label={t('inverter.delete', { name: inverter.name })}
                      title={t('inverter.delete', { name: inverter.name })}
                      aria-haspopup="dialog"
                      onClick={() => setDeleting(inverter)}
                    >
                      <Trash aria-hidden />
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {rows.length > 1 && (
        <div className="d-flex flex-wrap gap-2 align-items-center">
          <button
            type="button"
            className="btn btn-primary"
            disabled={!reordered}
            onClick={() => void run(() => saveInverterOrder(ids))}
          >
            {t('inverter.saveOrder')}
          </button>
          <span className="form-text m-0">{t('inverter.orderHint')}</span>
        </div>
      )}
      <Suspense fallback={null}>
        {editing && (
          <InverterEditDialog
            inverter={editing}
            onClose={() => setEditing(null)}
            onSave={async (payload: InverterEditPayload) => {
              const answer = await run(() => editInverter(payload));
              if (answer.variant === 'success') setEditing(null);
              return answer;
            }}
          />
        )}
        {deleting && (
          <Dialog
            title={t('inverter.deleteTitle')}
            onClose={() => setDeleting(null)}
            footer={
              <>
                <button type="button" className="btn btn-secondary" onClick={() => setDeleting(null)}>
                  {t('form.cancel')}
                </button>
                <button
                  type="button"
                  className="btn btn-danger"
                  onClick={() => {
                    const id = deleting.id;
                    setDeleting(null);
                    void run(() => deleteInverter(id));
                  }}
                >
                  {t('inverter.deleteConfirm')}
                </button>
              </>
            }
          >
            {t('inverter.deleteQuestion', { name: deleting.name, serial: deleting.serial.toUpperCase() })}
          </Dialog>
        )}
      </Suspense>
    </FormCard>
  );
}

/** Receive (poll) and send (command) badges: green day and night, yellow only one of them, red off. */
function StatusBadges({ inverter }: { inverter: InverterConfig }) {
  return (
    <span className="d-inline-flex flex-wrap gap-1">
      <PeriodBadge kind="receive" day={inverter.poll_enable} night={inverter.poll_enable_night} />
      <PeriodBadge kind="send" day={inverter.command_enable} night={inverter.command_enable_night} />
    </span>
  );
}

function PeriodBadge({ kind, day, night }: { kind: 'receive' | 'send'; day: boolean; night: boolean }) {
  const { t } = useSettingsTranslation();
  const variant = day && night ? 'success' : day || night ? 'warning' : 'danger';
  const state = day && night ? 'always' : day ? 'day' : night ? 'night' : 'off';
  const label = t(`inverter.badge.${kind}.${state}`);
  return (
    <span className={`badge text-bg-${variant} d-inline-flex align-items-center gap-1`} title={label}>
      {t(`inverter.badge.${kind}.short`)}
      {day && <Sun aria-hidden />}
      {night && <Moon aria-hidden />}
      <span className="visually-hidden">{label}</span>
    </span>
  );
}

export default withQuery(InverterSettingsPage);
