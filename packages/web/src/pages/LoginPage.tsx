import { type ClipboardEvent, type KeyboardEvent, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { clearUser, setUser } from '../api/auth';
import { ApiError } from '../api/client';
import { authenticate } from '../api/security';
import { Alert } from '../components/AlertBox';
import { PageFrame } from '../components/PageFrame';
import { EXTRA_NS } from '../i18n';
import { announce } from '../lib/announce';
import { useNavigate, useSearchParams } from '../lib/navigation';
import '../styles/forms.scss';

interface LoginForm {
  username: string;
  password: string;
}

/** Only paths of this console: "//host" or "https://…" would send a freshly signed-in user elsewhere. */
export function safeReturnUrl(value: string | null): string {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  return value;
}

const blockSpace = (event: KeyboardEvent<HTMLInputElement>) => {
  if (event.key === ' ') event.preventDefault();
};

/** `/login?returnUrl=…`. */
export default function LoginPage() {
  const { t } = useTranslation(EXTRA_NS);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const returnUrl = safeReturnUrl(params.get('returnUrl'));
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<LoginForm>({ defaultValues: { username: '', password: '' } });

  // Spaces cannot be typed, and pasted ones are dropped.
  const pasteWithoutSpaces = (event: ClipboardEvent<HTMLInputElement>) => {
    const text = event.clipboardData.getData('text');
    if (!/\s/.test(text)) return;
    event.preventDefault();
    const input = event.currentTarget;
    const start = input.selectionStart ?? input.value.length;
    const end = input.selectionEnd ?? input.value.length;
    const value = input.value.slice(0, start) + text.replace(/\s/g, '') + input.value.slice(end);
    setValue('username', value, { shouldValidate: true });
  };

  const submit = handleSubmit(async ({ username, password }) => {
    setFailure(null);
    try {
      setUser(await authenticate(username, password)); // the logged-in event
      announce('success', t('login.loggedIn'));
      void navigate(returnUrl, { replace: true });
    } catch (error) {
      clearUser(); // the logged-out event
      setFailure(
        error instanceof ApiError && error.status === 401
          ? t('login.invalidCredentials')
          : error instanceof Error
            ? error.message
            : String(error),
      );
    }
  });

  return (
    <PageFrame title={t('login.title')}>
      <div className="login-card card mx-auto">
        <div className="card-body">
          {failure && <Alert variant="danger">{failure}</Alert>}
          <form onSubmit={submit} noValidate>
            <div className="mb-3">
              <label htmlFor="login-username" className="form-label">
                {t('login.username')}
              </label>
              <input
                id="login-username"
                className={`form-control${errors.username ? ' is-invalid' : ''}`}
                autoComplete="username"
                autoCapitalize="none"
                spellCheck={false}
                aria-invalid={errors.username ? true : undefined}
                onKeyDown={blockSpace}
                onPaste={pasteWithoutSpaces}
                {...register('username', {
                  required: t('login.UsernameRequired'),
                  setValueAs: (value: string) => value.replace(/\s/g, ''),
                })}
              />
              {errors.username && <div className="invalid-feedback">{errors.username.message}</div>}
            </div>
            <div className="mb-3">
              <label htmlFor="login-password" className="form-label">
                {t('login.password')}
              </label>
              <input
                id="login-password"
                type="password"
                className={`form-control${errors.password ? ' is-invalid' : ''}`}
                autoComplete="current-password"
                aria-invalid={errors.password ? true : undefined}
                {...register('password', { required: t('login.PasswordRequired') })}
              />
              {errors.password && <div className="invalid-feedback">{errors.password.message}</div>}
            </div>
            <button type="submit" className="btn btn-primary w-100" disabled={isSubmitting}>
              {isSubmitting && <span className="spinner-border spinner-border-sm me-2" aria-hidden />}
              {isSubmitting ? t('login.signingIn') : t('login.submit')}
            </button>
          </form>
        </div>
      </div>
    </PageFrame>
  );
}
