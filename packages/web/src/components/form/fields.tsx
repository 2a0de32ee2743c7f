import { type ReactNode, useId } from 'react';
import { get, type RegisterOptions, useFormContext } from 'react-hook-form';

interface FieldProps {
  name: string;
  label: ReactNode;
  help?: ReactNode;
  /** Form-level field ids must be unique on the page; dialogs pass their own prefix. */
  idPrefix?: string;
}

function useField(name: string, idPrefix: string | undefined, help: ReactNode) {
  const { register, formState } = useFormContext();
  const generated = useId();
  const id = `${idPrefix ?? generated}-${name.replaceAll('.', '-')}`;
  const error = get(formState.errors, name) as { message?: string } | undefined;
  const describedBy = [error ? `${id}-error` : '', help ? `${id}-help` : ''].filter(Boolean).join(' ');
  const aria = {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy || undefined,
  } as const;
  return { register, id, error, aria };
}

/** Label left, input right on wide screens; stacked on phones. */
function Row({ id, label, children }: { id: string; label: ReactNode; children: ReactNode }) {
  return (
    <div className="row mb-3">
      <label htmlFor={id} className="col-sm-4 col-form-label">
        {label}
      </label>
      <div className="col-sm-8">{children}</div>
    </div>
  );
}

function Feedback({ id, error, help }: { id: string; error?: { message?: string }; help?: ReactNode }) {
  return (
    <>
      {error && (
        <div id={`${id}-error`} className="invalid-feedback d-block">
          {error.message}
        </div>
      )}
      {help && (
        <div id={`${id}-help`} className="form-text">
          {help}
        </div>
      )}
    </>
  );
}

export function TextField({
  name,
  label,
  help,
  idPrefix,
  type = 'text',
  maxLength,
  placeholder,
  readOnly,
  autoComplete = 'off',
  options,
}: FieldProps & {
  type?: 'text' | 'password' | 'url';
  maxLength?: number;
  placeholder?: string;
  readOnly?: boolean;
  autoComplete?: string;
  options?: RegisterOptions;
}) {
  const { register, id, error, aria } = useField(name, idPrefix, help);
  return (
    <Row id={id} label={label}>
      <input
        id={id}
        type={type}
        className={`form-control${error ? ' is-invalid' : ''}`}
        maxLength={maxLength}
        placeholder={placeholder}
        readOnly={readOnly}
        autoComplete={autoComplete}
        spellCheck={false}
        {...aria}
        {...register(name, options)}
      />
      <Feedback id={id} error={error} help={help} />
    </Row>
  );
}

export function NumberField({
  name,
  label,
  help,
  idPrefix,
  min,
  max,
  step,
  unit,
}: FieldProps & { min?: number; max?: number; step?: number | 'any'; unit?: string }) {
  const { register, id, error, aria } = useField(name, idPrefix, help);
  const input = (
    <input
      id={id}
      type="number"
      inputMode={step === 'any' ? 'decimal' : 'numeric'}
      className={`form-control${error ? ' is-invalid' : ''}`}
      min={min}
      max={max}
      step={step}
      {...aria}
      {...register(name, { valueAsNumber: true })}
    />
  );
  return (
    <Row id={id} label={label}>
      {unit ? (
        <div className="input-group">
          {input}
          <span className="input-group-text">{unit}</span>
        </div>
      ) : (
        input
      )}
      <Feedback id={id} error={error} help={help} />
    </Row>
  );
}

export function TextAreaField({
  name,
  label,
  help,
  idPrefix,
  rows = 5,
  maxLength,
}: FieldProps & { rows?: number; maxLength?: number }) {
  const { register, id, error, aria } = useField(name, idPrefix, help);
  return (
    <Row id={id} label={label}>
      <textarea
        id={id}
        rows={rows}
        maxLength={maxLength}
        spellCheck={false}
        className={`form-control font-monospace${error ? ' is-invalid' : ''}`}
        {...aria}
        {...register(name)}
      />
      <Feedback id={id} error={error} help={help} />
    </Row>
  );
}

export function SwitchField({ name, label, help, idPrefix }: FieldProps) {
  const { register, id, error, aria } = useField(name, idPrefix, help);
  return (
    <div className="row mb-3">
      <div className="col-sm-8 offset-sm-4">
        <div className="form-check form-switch">
          <input id={id} type="checkbox" className="form-check-input" {...aria} {...register(name)} />
          <label htmlFor={id} className="form-check-label">
            {label}
          </label>
        </div>
        <Feedback id={id} error={error} help={help} />
      </div>
    </div>
  );
}

export interface SelectOption {
  value: string | number;
  label: string;
}

export function SelectField({
  name,
  label,
  help,
  idPrefix,
  choices,
  numeric = false,
  onPicked,
}: FieldProps & { choices: readonly SelectOption[]; numeric?: boolean; onPicked?: (value: string) => void }) {
  const { register, id, error, aria } = useField(name, idPrefix, help);
  const registered = register(name, numeric ? { valueAsNumber: true } : {});
  return (
    <Row id={id} label={label}>
      <select
        id={id}
        className={`form-select${error ? ' is-invalid' : ''}`}
        {...aria}
        {...registered}
        onChange={(event) => {
          void registered.onChange(event);
          onPicked?.(event.target.value);
        }}
      >
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
      <Feedback id={id} error={error} help={help} />
    </Row>
  );
}

/** A slider with its value shown beside it (DTU transmit power and frequency, LED brightness, contrast). */
export function RangeField({
  name,
  label,
  help,
  idPrefix,
  min,
  max,
  step = 1,
  display,
}: FieldProps & { min: number; max: number; step?: number; display: (value: number) => string }) {
  const { register, id, error, aria } = useField(name, idPrefix, help);
  const { watch } = useFormContext();
  const value = Number(watch(name));
  return (
    <Row id={id} label={label}>
      <div className="d-flex align-items-center gap-3">
        <input
          id={id}
          type="range"
          className="form-range flex-grow-1"
          min={min}
          max={max}
          step={step}
          aria-valuetext={display(value)}
          {...aria}
          {...register(name, { valueAsNumber: true })}
        />
        <output htmlFor={id} className="text-nowrap range-value">
          {display(value)}
        </output>
      </div>
      <Feedback id={id} error={error} help={help} />
    </Row>
  );
}
