import ErrorPage from '../pages/ErrorPage';
import LiveViewPage from '../pages/LiveViewPage';

/**
 * Every screen of the console (docs/console.md), with the translation key of its title and where the
 * navigation lists it.
 * The router and the navigation bar are both built from this table.
 */
export interface ScreenRoute {
  path: string;
  titleKey: string;
  menu?: 'settings' | 'info';
  /** The screen's module, loaded the first time the screen opens. */
  load?: () => Promise<{ default: React.ComponentType }>;
  /** A screen bundled with the first load instead (the live view; the Error screen must work when loading does not). */
  component?: React.ComponentType;
  /** Visitors who are not signed in are sent to the login, which brings them back. */
  requiresLogin?: true;
}

// biome-ignore format: one line per screen keeps the table readable and merges simple
export const SCREENS: readonly ScreenRoute[] = [
  // The home screen is what nearly every visit opens first: bundled with the entry, it saves the round
  // trips of its own chunk and of the small chunks it shares with other screens.
  { path: '/', titleKey: 'home.title', component: LiveViewPage },
  { path: '/login', titleKey: 'login.title', load: () => import('../pages/LoginPage') },
  { path: '/error', titleKey: 'error.title', component: ErrorPage },
  { path: '/about', titleKey: 'about.title', load: () => import('../pages/AboutPage') },
  {
    path: '/settings/network',
    titleKey: 'networkadmin.title',
    menu: 'settings',
    load: () => import('../pages/NetworkSettingsPage'),
  },
  {
    path: '/settings/ntp',
    titleKey: 'ntpadmin.title',
    menu: 'settings',
    load: () => import('../pages/NtpSettingsPage'),
  },
  {
    path: '/settings/mqtt',
    titleKey: 'mqttadmin.title',
    menu: 'settings',
    load: () => import('../pages/MqttSettingsPage'),
  },
  {
    path: '/settings/inverter',
    titleKey: 'inverteradmin.title',
    menu: 'settings',
    load: () => import('../pages/InverterSettingsPage'),
  },
  {
    path: '/settings/security',
    titleKey: 'securityadmin.title',
    menu: 'settings',
    load: () => import('../pages/SecuritySettingsPage'),
  },
  {
    path: '/settings/dtu',
    titleKey: 'dtuadmin.title',
    menu: 'settings',
    load: () => import('../pages/DtuSettingsPage'),
  },
  {
    path: '/settings/device',
    titleKey: 'deviceadmin.title',
    menu: 'settings',
    load: () => import('../pages/DeviceSettingsPage'),
  },
  { path: '/settings/config', titleKey: 'configadmin.title', menu: 'settings', load: () => import('../pages/ConfigAdminPage') },
  { path: '/settings/history', titleKey: 'historyadmin.title', menu: 'settings', load: () => import('../pages/HistorySettingsPage') },
  { path: '/settings/alerts', titleKey: 'alertadmin.title', menu: 'settings', load: () => import('../pages/AlertSettingsPage') },
  { path: '/settings/powermeter', titleKey: 'meteradmin.title', menu: 'settings', load: () => import('../pages/PowerMeterSettingsPage') },
  { path: '/settings/battery', titleKey: 'batteryadmin.title', menu: 'settings', load: () => import('../pages/BatterySettingsPage') },
  { path: '/settings/powerlimiter', titleKey: 'limiteradmin.title', menu: 'settings', load: () => import('../pages/PowerLimiterSettingsPage') },
  { path: '/alerts', titleKey: 'alertlist.title', load: () => import('../pages/AlertsPage') },
  { path: '/firmware/upgrade', titleKey: 'firmwareupgrade.title', menu: 'settings', requiresLogin: true, load: () => import('../pages/FirmwareUpgradePage') },
  { path: '/maintenance/reboot', titleKey: 'maintenancereboot.title', menu: 'settings', requiresLogin: true, load: () => import('../pages/RebootPage') },
  { path: '/info/system', titleKey: 'systeminfo.title', menu: 'info', load: () => import('../pages/SystemInfoPage') },
  { path: '/info/network', titleKey: 'networkinfo.title', menu: 'info', load: () => import('../pages/NetworkInfoPage') },
  { path: '/info/ntp', titleKey: 'ntpinfo.title', menu: 'info', load: () => import('../pages/NtpInfoPage') },
  { path: '/info/mqtt', titleKey: 'mqttinfo.title', menu: 'info', load: () => import('../pages/MqttInfoPage') },
  { path: '/info/console', titleKey: 'console.title', menu: 'info', load: () => import('../pages/ConsolePage') },
];
