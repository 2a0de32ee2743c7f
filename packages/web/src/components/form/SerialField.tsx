import { miTypeOfSerial, parseSerialInput, type SerialInputKind } from '@dtu-console/contract/common/serial';
import { useId } from 'react';
import { get, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FORMS_NS } from '../../i18n';
import type { ClientRule } from './resolver';

/** The hint under the serial input for each recognised form. */
export function serialHint(kind: SerialInputKind): { key: string; valid: boolean } | undefined {
  switch (kind) {
    case 'empty':
      return undefined;
    case 'hoymiles':
      return { key: 'serial.hoymiles', valid: true };
    case 'converted':
      return { key: 'serial.converted', valid: true };
    case 'herf-valid':
      return { key: 'serial.herfValid', valid: true };
    case 'herf-invalid-checksum':
      return { key: 'serial.herfChecksum', valid: false };
    case 'unknown-format':
      return { key: 'serial.unknown', valid: false };
  }
}

/** The serial input's rules: filled in, and one of the accepted forms (its hint is the message). */
export function serialRules<T>(read: (values: T) => string): ClientRule<T>[] {
  const kind = (values: T) => parseSerialInput(read(values)).kind;
  return [
    { field: 'serial', key: 'form.required', fails: (values) => kind(values) === 'empty' },
    {
      field: 'serial',
      key: 'serial.herfChecksum',
      fails: (values) => kind(values) === 'herf-invalid-checksum',
    },
    { field: 'serial', key: 'serial.unknown', fails: (values) => kind(values) === 'unknown-format' },
  ];
}

/** The serial as it is stored, or undefined when the input is not a serial. */
export function storedSerial(input: string): string | undefined {
  const result = parseSerialInput(input);
  return result.kind === 'empty' ? undefined : result.serial;
}

/** Serial input: upper-cases what is typed and says which form it recognised (and the HERF conversion). */
export function SerialField({ name, label }: { name: string; label: string }) {
  const { t } = useTranslation(FORMS_NS);
  const { register, formState } = useFormContext();
  const value = String(useWatch({ name }) ?? '');
  const id = `${useId()}-${name}`;
  const error = get(formState.errors, name) as { message?: string } | undefined;
  const result = parseSerialInput(value);
  const hint = serialHint(result.kind);
  const miType = result.serial === undefined ? undefined : miTypeOfSerial(result.serial);
  const registered = register(name, {
    setValueAs: (text: string) => String(text ?? '').toUpperCase(),
  });
  return (
    <div className="row mb-3">
      <label htmlFor={id} className="col-sm-4 col-form-label">
        {label}
      </label>
      <div className="col-sm-8">
        <input
          id={id}
          type="text"
          className={`form-control font-monospace text-uppercase${error ? ' is-invalid' : ''}`}
          autoComplete="off"
          spellCheck={false}
          maxLength={16}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint`}
          {...registered}
          onChange={(event) => {
            const caret = event.target.selectionStart;
            event.target.value = event.target.value.toUpperCase();
            if (caret !== null) event.target.setSelectionRange(caret, caret);
            void registered.onChange(event);
          }}
        />
        <div id={`${id}-hint`} aria-live="polite">
          {error ? (
            <div className="invalid-feedback d-block">{error.message}</div>
          ) : (
            hint && (
              <div className={`form-text${hint.valid ? '' : ' text-danger'}`} data-testid="serial-hint">
                {t(hint.key, { serial: result.serial ?? '' })}
                {miType && ` ${t('serial.mi', { type: miType })}`}
              </div>
            )
          )}
        </div>
      </div>
    </div>
  );
}
