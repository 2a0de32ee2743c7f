import { Timing } from '@dtu-console/contract/common/console-limits';
import { useEffect, useState, useSyncExternalStore } from 'react';
import BoxArrowInRight from 'react-bootstrap-icons/dist/icons/box-arrow-in-right';
import BoxArrowRight from 'react-bootstrap-icons/dist/icons/box-arrow-right';
import CircleHalf from 'react-bootstrap-icons/dist/icons/circle-half';
import EggFill from 'react-bootstrap-icons/dist/icons/egg-fill';
import Moon from 'react-bootstrap-icons/dist/icons/moon';
import SunIcon from 'react-bootstrap-icons/dist/icons/sun';
import SunFill from 'react-bootstrap-icons/dist/icons/sun-fill';
import Translate from 'react-bootstrap-icons/dist/icons/translate';
import TreeFill from 'react-bootstrap-icons/dist/icons/tree-fill';
import { useTranslation } from 'react-i18next';
import { clearUser, useSignedIn } from '../api/auth';
import { LANGUAGES, setLanguage } from '../i18n';
import { announce } from '../lib/announce';
import { type BrandIcon as BrandIconName, brandIconFor } from '../lib/brand';
import { confirmLeaving, NavLink, useLocation, useNavigate } from '../lib/navigation';
import { THEMES, type Theme, useTheme } from '../lib/theme';
import { AlertBell } from './AlertBell';
import { NavDropdown } from './Dropdown';

const THEME_ICONS: Record<Theme, typeof SunIcon> = { light: SunIcon, dark: Moon, auto: CircleHalf };

/** What the navigation bar lists of a screen; the shell hands it the route table. */
export interface MenuScreen {
  path: string;
  titleKey: string;
  menu?: 'settings' | 'info';
}

export function NavBar({ screens }: { screens: readonly MenuScreen[] }) {
  const { t, i18n } = useTranslation();
  const [theme, setTheme] = useTheme();
  const [expanded, setExpanded] = useState(false);
  const location = useLocation();
  const navigate = useNavigate();
  const signedIn = useSignedIn();
  const ThemeIcon = THEME_ICONS[theme];

  // The phone menu folds away once a page is chosen.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every navigation on purpose
  useEffect(() => setExpanded(false), [location.pathname]);

  const menu = (name: 'settings' | 'info') =>
    screens
      .filter((screen) => screen.menu === name)
      .map((screen) => (
        <li key={screen.path}>
          <NavLink className="dropdown-item" to={screen.path}>
            {t(`nav.${screen.path}`)}
          </NavLink>
        </li>
      ));

  const logout = () => {
    // A form with unsaved changes is asked before the login is gone, not after.
    if (!confirmLeaving()) return;
    clearUser();
    announce('info', t('login.loggedOut'));
    navigate('/', { confirmed: true });
  };
  const loginTarget =
    location.pathname === '/' || location.pathname === '/login'
      ? '/login'
      : `/login?returnUrl=${encodeURIComponent(location.pathname + location.search + location.hash)}`;

  return (
    <nav className="navbar navbar-expand-md fixed-top bg-dark" data-bs-theme="dark">
      <div className="container-xxl">
        <NavLink to="/" className="navbar-brand d-flex align-items-center gap-2">
          <BrandIcon />
          dtu-console
        </NavLink>
        <button
          type="button"
          className="navbar-toggler"
          aria-controls="main-nav"
          aria-expanded={expanded}
          aria-label={t('nav.toggle')}
          onClick={() => setExpanded((value) => !value)}
        >
          <span className="navbar-toggler-icon" />
        </button>
        <div id="main-nav" className={`collapse navbar-collapse${expanded ? ' show' : ''}`}>
          <ul className="navbar-nav me-auto">
            <li className="nav-item">
              <NavLink className="nav-link" to="/" end>
                {t('nav./')}
              </NavLink>
            </li>
            <NavDropdown label={t('nav.settings')}>{menu('settings')}</NavDropdown>
            <NavDropdown label={t('nav.info')}>{menu('info')}</NavDropdown>
            <li className="nav-item">
              <NavLink className="nav-link" to="/about">
                {t('nav./about')}
              </NavLink>
            </li>
          </ul>
          <ul className="navbar-nav align-items-md-center">
            <AlertBell signedIn={signedIn} />
            <NavDropdown
              alignEnd
              label={
                <>
                  <ThemeIcon aria-hidden /> <span className="nav-label">{t('theme.title')}</span>
                </>
              }
            >
              {THEMES.map((option) => {
                const Icon = THEME_ICONS[option];
                return (
                  <li key={option}>
                    <button
                      type="button"
                      className={`dropdown-item${option === theme ? ' active' : ''}`}
                      aria-current={option === theme}
                      onClick={() => setTheme(option)}
                    >
                      <Icon aria-hidden className="me-2" />
                      {t(`theme.${option}`)}
                    </button>
                  </li>
                );
              })}
            </NavDropdown>
            <NavDropdown
              alignEnd
              label={
                <>
                  <Translate aria-hidden /> <span className="nav-label">{t('language.title')}</span>{' '}
                  {i18n.resolvedLanguage?.toUpperCase()}
                </>
              }
            >
              {LANGUAGES.map((language) => (
                <li key={language}>
                  <button
                    type="button"
                    lang={language}
                    className={`dropdown-item${language === i18n.resolvedLanguage ? ' active' : ''}`}
                    aria-current={language === i18n.resolvedLanguage}
                    onClick={() => void setLanguage(language)}
                  >
                    {t(`language.${language}`)}
                  </button>
                </li>
              ))}
            </NavDropdown>
            <li className="nav-item nav-auth">
              {/* The gateway's first paint is signed out (the stored user is the browser's): the slot is as
                  wide as the wider of both, so the console signing in on hydration moves nothing. */}
              <span className="btn btn-sm nav-auth-spare" aria-hidden>
                <BoxArrowRight aria-hidden className="me-1" />
                {signedIn ? t('nav.login') : t('nav.logout')}
              </span>
              {signedIn ? (
                <button type="button" className="btn btn-sm btn-outline-light" onClick={logout}>
                  <BoxArrowRight aria-hidden className="me-1" />
                  {t('nav.logout')}
                </button>
              ) : (
                <NavLink className="btn btn-sm btn-outline-light" to={loginTarget}>
                  <BoxArrowInRight aria-hidden className="me-1" />
                  {t('nav.login')}
                </NavLink>
              )}
            </li>
          </ul>
        </div>
      </div>
    </nav>
  );
}

const BRAND_ICONS: Record<BrandIconName, { Icon: typeof SunIcon; className: string }> = {
  tree: { Icon: TreeFill, className: 'text-success' },
  egg: { Icon: EggFill, className: 'text-info' },
  sun: { Icon: SunFill, className: 'text-warning' },
};

const todaysIcon = () => brandIconFor(new Date());
/** The gateway's render and the hydration of it show the plain icon: the visitor's date may differ. */
const plainIcon = (): BrandIconName => 'sun';
function everyRecheck(listener: () => void): () => void {
  const timer = setInterval(listener, Timing.brandIconRecheckMs);
  return () => clearInterval(timer);
}

/** The icon follows the date, re-checked every 10 s so it changes at midnight without a reload. */
export function BrandIcon() {
  const icon = useSyncExternalStore(everyRecheck, todaysIcon, plainIcon);
  const { Icon, className } = BRAND_ICONS[icon];
  return <Icon className={className} aria-hidden data-icon={icon} />;
}
