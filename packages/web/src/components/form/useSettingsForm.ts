import {
  type QueryKey,
  type UseQueryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { type DefaultValues, type FieldValues, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type AlertMessage, errorAlert, responseAlert } from '../../api/response';
import { FORMS_NS, SETTINGS_NS } from '../../i18n';
import { type ClientRule, type ContractCheck, contractResolver } from './resolver';

export interface SettingsFormOptions<Data, Values extends FieldValues, Payload, Key extends QueryKey> {
  /** Query options from `api/<domain>.ts`. */
  query: UseQueryOptions<Data, Error, Data, Key> & { queryKey: Key };
  toValues: (data: Data) => Values;
  toPayload: (values: Values, data: Data) => Payload;
  /** The domain's save call from `api/<domain>.ts`; answers an envelope. */
  save: (payload: Payload) => Promise<unknown>;
  rules?: readonly ClientRule<Values>[];
  check?: ContractCheck<Values>;
  /**
   * The screen's own text namespace when it has one (history, limiter, alerts, wifi): it holds the answers
   * of the screen's codes, so the form's messages and the save's answer are looked up there first.
   */
  namespace?: string;
}

/**
 * The texts of settings screens: the screen's own namespace (`settings` unless it has one: history, limiter,
 * alerts, wifi), holding its labels and the answers of its codes (apiresponse.*), then `forms` (the form's
 * own texts and the common answers), then the first-load texts (screen titles). `fallback` makes `t` look a
 * key up in each of them in turn.
 */
export function useSettingsTranslation(namespace: string = SETTINGS_NS) {
  return useTranslation([namespace, FORMS_NS], {
    nsMode: 'fallback',
  });
}

/**
 * Query, form and save of one settings screen: the form shows the gateway's values, checks them with the
 * contract before sending, shows the answer's code as a translated alert, and re-reads the values after a
 * successful save.
 */
export function useSettingsForm<Data, Values extends FieldValues, Payload, Key extends QueryKey>(
  options: SettingsFormOptions<Data, Values, Payload, Key>,
) {
  const { t } = useSettingsTranslation(options.namespace);
  const queryClient = useQueryClient();
  const query = useQuery(options.query);
  const { toValues } = options;
  const values = useMemo(
    () => (query.data === undefined ? undefined : toValues(query.data)),
    [query.data, toValues],
  );
  const resolver = useMemo(
    () => contractResolver<Values>(t, options.rules ?? [], options.check),
    [t, options.rules, options.check],
  );
  const form = useForm<Values>({
    ...(values ? { values, defaultValues: values as DefaultValues<Values> } : {}),
    resolver,
    reValidateMode: 'onChange',
  });
  // react-hook-form applies new `values` in an effect, one render after the data arrived: the screen shows
  // the data only from the render after that, so no field flashes its empty state (a DHCP switch shown off).
  const [shownData, setShownData] = useState<Data | undefined>(undefined);
  useEffect(() => setShownData(query.data), [query.data]);
  const [alert, setAlert] = useState<AlertMessage | null>(null);
  const mutation = useMutation({ mutationFn: options.save });

  const submit = form.handleSubmit(async (submitted) => {
    if (query.data === undefined) return;
    setAlert(null);
    try {
      const answer = responseAlert(t, await mutation.mutateAsync(options.toPayload(submitted, query.data)));
      setAlert(answer);
      if (answer.variant === 'success') {
        form.reset(submitted);
        await queryClient.invalidateQueries({ queryKey: options.query.queryKey });
      }
    } catch (error) {
      setAlert(errorAlert(error));
    }
  });

  const reload = () => {
    setAlert(null);
    void query.refetch().then((result) => {
      if (result.data !== undefined) form.reset(toValues(result.data));
    });
  };

  const shownQuery = {
    ...query,
    data: shownData,
    // Only the first arrival waits; a re-read after a save keeps the form on screen.
    isPending: query.isPending || (shownData === undefined && query.data !== undefined),
  } as typeof query;
  return { t, query: shownQuery, form, alert, setAlert, submit, reload, saving: mutation.isPending };
}
