/**
 * Response codes of the OpenDTU-compatible API.
 *
 * The console never shows `message`: it translates `apiresponse.{code}` and fills `{min}`/`{max}` from
 * `param`. So the code and its param are the contract; the English texts here only need to be present.
 */

import {
  AlertLimits,
  DeviceLimits,
  HistoryLimits,
  InverterLimits,
  MqttLimits,
  NetworkLimits,
  NtpLimits,
  PowerLimiterLimits,
  PowerLimits,
  PowerMeterLimits,
  SecurityLimits,
} from './limits';

/** `type` of a response envelope. No current code uses `info`, the console still knows it. */
export type EnvelopeType = 'success' | 'warning' | 'danger' | 'info';

export type ParamKey = 'min' | 'max';

/** `param` of an envelope: integers, `min` and/or `max`. */
export interface CodeParam {
  min?: number;
  max?: number;
}

export const Code = {
  SettingsSaved: 1001,
  NoValuesFound: 1002,
  DataTooLarge: 1003,
  ParseError: 1004,
  ValuesMissing: 1005,
  WriteFailed: 1006,
  InternalError: 1007,

  DtuSerialZero: 2001,
  DtuPollIntervalZero: 2002,
  DtuPowerLevelInvalid: 2003,
  DtuFrequencyInvalid: 2004,
  DtuCountryInvalid: 2005,

  ConfigNothingDeleted: 3001,
  ConfigReset: 3002,
  FileDeleted: 3003,

  InverterSerialZero: 4001,
  InverterNameLength: 4002,
  InverterCountMax: 4003,
  InverterAdded: 4004,
  InverterIdInvalid: 4005,
  InverterChannelCount: 4006,
  InverterChanged: 4007,
  InverterDeleted: 4008,
  InverterOrderSaved: 4009,
  InverterStatsReset: 4010,

  LimitSerialZero: 5001,
  LimitValueRange: 5002,
  LimitTypeInvalid: 5003,
  LimitInverterInvalid: 5004,
  LimitExpiryRange: 5005,

  RebootTriggered: 6001,
  RebootCancelled: 6002,

  MqttHostnameLength: 7001,
  MqttUsernameLength: 7002,
  MqttPasswordLength: 7003,
  MqttTopicLength: 7004,
  MqttTopicSpace: 7005,
  MqttTopicSlash: 7006,
  MqttPortInvalid: 7007,
  MqttCertLength: 7008,
  MqttLwtTopicLength: 7009,
  MqttLwtTopicSpace: 7010,
  MqttLwtOnlineLength: 7011,
  MqttLwtOfflineLength: 7012,
  MqttPublishInterval: 7013,
  MqttHassTopicLength: 7014,
  MqttHassTopicSpace: 7015,
  MqttLwtQos: 7016,
  MqttClientIdLength: 7017,
  MqttHassTopicSlash: 7018,

  NetworkIpInvalid: 8001,
  NetworkNetmaskInvalid: 8002,
  NetworkGatewayInvalid: 8003,
  NetworkDns1Invalid: 8004,
  NetworkDns2Invalid: 8005,
  NetworkApTimeoutInvalid: 8006,
  NetworkSyslogHostnameLength: 8007,
  NetworkSyslogPortInvalid: 8008,

  NtpServerLength: 9001,
  NtpTimezoneLength: 9002,
  NtpTimezoneDescrLength: 9003,
  NtpYearRange: 9004,
  NtpMonthRange: 9005,
  NtpDayRange: 9006,
  NtpHourRange: 9007,
  NtpMinuteRange: 9008,
  NtpSecondRange: 9009,
  NtpTimeUpdated: 9010,

  SecurityPasswordLength: 10001,
  SecurityAuthSuccess: 10002,

  PowerSerialZero: 11001,
  PowerInverterInvalid: 11002,

  DeviceProfileNameLength: 12001,

  HistoryMinuteDaysRange: 13001,
  HistoryQuarterDaysRange: 13002,
  HistoryDailyDaysRange: 13003,
  HistoryRangeInvalid: 13004,
  HistoryStepInvalid: 13005,
  HistoryTooManyPoints: 13006,
  HistoryInverterUnknown: 13007,
  HistoryPeriodInvalid: 13008,
  HistoryImportInvalid: 13009,
  HistoryImported: 13010,

  // The house's electricity meter (/api/powermeter/*).
  PowerMeterMaxAgeRange: 16001,
  PowerMeterPhaseCount: 16002,
  PowerMeterTopicInvalid: 16003,
  PowerMeterJsonPathInvalid: 16004,
  PowerMeterHostnameLength: 16005,
  PowerMeterPortInvalid: 16006,
  PowerMeterUrlInvalid: 16007,
  PowerMeterIntervalRange: 16008,
  PowerMeterTimeoutRange: 16009,
  PowerMeterUnitInvalid: 16010,
  PowerMeterAuthTypeInvalid: 16011,
  PowerMeterCredentialLength: 16012,
  PowerMeterChannelRange: 16013,
  // Alerts (issue 24): 24001..
  AlertsUnreachableMinutesRange: 24001,
  AlertsStringPercentRange: 24002,
  AlertsStringMinutesRange: 24003,
  AlertsStringLightRange: 24004,
  AlertsRadioPercentRange: 24005,
  AlertsRadioMinutesRange: 24006,
  AlertsPushUrlInvalid: 24007,
  AlertsPushSecretLength: 24008,
  AlertsNtfyPriorityRange: 24009,
  AlertsUnknown: 24010,
  AlertsAcknowledged: 24011,
  AlertsMeterMinutesRange: 24012,
  AlertsLimiterMinutesRange: 24013,
  PowerLimiterTargetRange: 17001,
  PowerLimiterHysteresisRange: 17002,
  PowerLimiterBaseLoadRange: 17003,
  PowerLimiterIntervalRange: 17005,
  PowerLimiterInverterUnknown: 17006,
  PowerLimiterInverterBounds: 17007,
} as const;

export type CodeName = keyof typeof Code;
export type Code = (typeof Code)[CodeName];

export interface CodeSpec {
  /** When the server sends it; for developers, not UI text. */
  readonly meaning: string;
  /** English `message` of the envelope; `{min}`/`{max}` are filled from `param`. */
  readonly message: string;
  readonly type: EnvelopeType;
  /** Keys the envelope's `param` carries; empty when it has none. */
  readonly paramKeys: readonly ParamKey[];
  /** The param value when it does not depend on the request (2004 depends on the CMT country). */
  readonly param?: Readonly<CodeParam>;
  /** False for codes that are defined but never sent by the API baseline (1003, 9002). */
  readonly sent: boolean;
  /** Every envelope goes out as HTTP 200, except the out-of-memory answer. */
  readonly httpStatus: 200 | 400 | 500;
}

function success(meaning: string, message: string): CodeSpec {
  return { meaning, message, type: 'success', paramKeys: [], sent: true, httpStatus: 200 };
}

/** `param` is either the fixed value or, when it varies per request, just the keys it carries. */
function warning(meaning: string, message: string, param?: CodeParam | readonly ParamKey[]): CodeSpec {
  const spec = { meaning, message, type: 'warning', sent: true, httpStatus: 200 } as const;
  if (param === undefined) return { ...spec, paramKeys: [] };
  if (Array.isArray(param)) return { ...spec, paramKeys: param };
  const fixed = param as CodeParam;
  const paramKeys = (['min', 'max'] as const).filter((key) => fixed[key] !== undefined);
  return { ...spec, paramKeys, param: fixed };
}

/**
 * A refused query of the versioned `/api/v2` endpoints: a GET has no envelope to carry a warning with
 * HTTP 200, so it answers 400 with the envelope as its JSON body.
 */
function badQuery(meaning: string, message: string, param?: CodeParam | readonly ParamKey[]): CodeSpec {
  return { ...warning(meaning, message, param), httpStatus: 400 };
}

/** A warning for a number outside a fixed `min..max`: "<what> must be between {min} and {max}." */
function rangeWarning(meaning: string, what: string, min: number, max: number): CodeSpec {
  return warning(meaning, `${what} must be between {min} and {max}.`, { min, max });
}

export const CodeTable: { readonly [C in Code]: CodeSpec } = {
  [Code.SettingsSaved]: success('settings saved or command accepted', 'Settings saved.'),
  [Code.NoValuesFound]: warning('request has no "data" form field', 'No values found.'),
  [Code.DataTooLarge]: {
    ...warning('"data" too large; reserved, no longer sent (body size check removed)', 'Data too large.'),
    sent: false,
  },
  [Code.ParseError]: warning('"data" is not valid JSON', 'Failed to parse data.'),
  [Code.ValuesMissing]: warning('required keys missing or of the wrong JSON type', 'Values are missing.'),
  [Code.WriteFailed]: warning(
    'configuration file could not be written; the new values are active in memory',
    'Failed to write the configuration.',
  ),
  [Code.InternalError]: {
    meaning: 'response could not be built (out of memory); sent with HTTP 500',
    message: 'Internal server error.',
    type: 'danger',
    paramKeys: [],
    sent: true,
    httpStatus: 500,
  },

  [Code.DtuSerialZero]: warning('DTU serial parses to 0', 'Serial cannot be zero.'),
  [Code.DtuPollIntervalZero]: warning('DTU poll interval is 0', 'Poll interval must be greater than zero.'),
  [Code.DtuPowerLevelInvalid]: warning(
    'NRF PA level above 3, or CMT PA level outside -10..20 dBm',
    'Invalid power level.',
  ),
  [Code.DtuFrequencyInvalid]: warning(
    "CMT frequency outside the country's freq_min..freq_max (Hz) or not a multiple of the channel width",
    'Frequency must be between {min} and {max} Hz and a multiple of 250 kHz.',
    ['min', 'max'],
  ),
  [Code.DtuCountryInvalid]: warning('CMT country index is 3 or more', 'Invalid country.'),

  [Code.ConfigNothingDeleted]: warning('factory reset requested with delete:false', 'Nothing deleted.'),
  [Code.ConfigReset]: success('factory reset performed, device reboots', 'Configuration reset, rebooting.'),
  [Code.FileDeleted]: success('single file deleted', 'File deleted.'),

  [Code.InverterSerialZero]: warning('inverter serial parses to 0', 'Serial cannot be zero.'),
  [Code.InverterNameLength]: warning(
    'inverter name empty or longer than 31 bytes',
    'Name must be 1 to {max} characters long.',
    { max: InverterLimits.nameMaxLength },
  ),
  [Code.InverterCountMax]: warning('no free inverter slot', 'Only {max} inverters are supported.', {
    max: InverterLimits.maxInverters,
  }),
  [Code.InverterAdded]: success('inverter added', 'Inverter created.'),
  [Code.InverterIdInvalid]: warning('inverter id beyond the last slot', 'Invalid inverter id.'),
  [Code.InverterChannelCount]: warning('"channel" array empty or longer than 6', 'Invalid channel count.'),
  [Code.InverterChanged]: success('inverter changed', 'Inverter changed.'),
  [Code.InverterDeleted]: success('inverter deleted (also when the slot was empty)', 'Inverter deleted.'),
  [Code.InverterOrderSaved]: success('inverter order saved', 'Inverter order saved.'),
  [Code.InverterStatsReset]: success('radio statistics of an inverter reset', 'Radio statistics reset.'),

  [Code.LimitSerialZero]: warning('limit: serial parses to 0', 'Serial cannot be zero.'),
  [Code.LimitValueRange]: warning('limit value above 2250', 'Limit must not exceed {max}.', {
    max: PowerLimits.valueMax,
  }),
  [Code.LimitTypeInvalid]: warning('limit type 4 or more', 'Invalid limit type.'),
  [Code.LimitInverterInvalid]: warning('limit: no inverter with that serial', 'Invalid inverter.'),
  [Code.LimitExpiryRange]: rangeWarning(
    'limit: lease expiry_s not a whole number of seconds within the bounds',
    'Expiry',
    1,
    PowerLimiterLimits.leaseMaxS,
  ),

  [Code.RebootTriggered]: success('reboot triggered', 'Reboot triggered.'),
  [Code.RebootCancelled]: warning('reboot not requested (reboot:false)', 'Reboot cancelled.'),

  [Code.MqttHostnameLength]: warning(
    'MQTT hostname empty or longer than 128 bytes',
    'Server must be 1 to {max} characters long.',
    { max: MqttLimits.hostnameMaxLength },
  ),
  [Code.MqttUsernameLength]: warning(
    'MQTT username longer than 64 bytes',
    'Username must not exceed {max} characters.',
    {
      max: MqttLimits.usernameMaxLength,
    },
  ),
  [Code.MqttPasswordLength]: warning(
    'MQTT password longer than 64 bytes',
    'Password must not exceed {max} characters.',
    {
      max: MqttLimits.passwordMaxLength,
    },
  ),
  [Code.MqttTopicLength]: warning(
    'MQTT base topic longer than 32 bytes',
    'Topic must not exceed {max} characters.',
    {
      max: MqttLimits.topicMaxLength,
    },
  ),
  [Code.MqttTopicSpace]: warning('MQTT base topic contains a space', 'Topic must not contain spaces.'),
  [Code.MqttTopicSlash]: warning(
    'MQTT base topic does not end with "/" (empty fails too)',
    'Topic must end with a slash.',
  ),
  [Code.MqttPortInvalid]: warning('MQTT port 0 or above 65535', 'Port must be between 1 and 65535.'),
  [Code.MqttCertLength]: warning(
    'root CA, client certificate or client key longer than 2560 bytes',
    'Certificates and keys must not exceed {max} characters.',
    { max: MqttLimits.certMaxLength },
  ),
  [Code.MqttLwtTopicLength]: warning(
    'LWT topic longer than 32 bytes',
    'LWT topic must not exceed {max} characters.',
    {
      max: MqttLimits.lwtTopicMaxLength,
    },
  ),
  [Code.MqttLwtTopicSpace]: warning('LWT topic contains a space', 'LWT topic must not contain spaces.'),
  [Code.MqttLwtOnlineLength]: warning(
    'LWT online value longer than 20 bytes',
    'LWT online value must not exceed {max} characters.',
    { max: MqttLimits.lwtValueMaxLength },
  ),
  [Code.MqttLwtOfflineLength]: warning(
    'LWT offline value longer than 20 bytes',
    'LWT offline value must not exceed {max} characters.',
    { max: MqttLimits.lwtValueMaxLength },
  ),
  [Code.MqttPublishInterval]: warning(
    'publish interval below 5 or above 86400 s',
    'Publish interval must be between {min} and {max} seconds.',
    { min: MqttLimits.publishIntervalMin, max: MqttLimits.publishIntervalMax },
  ),
  [Code.MqttHassTopicLength]: warning(
    'Home Assistant topic longer than 32 bytes (checked only when HA is enabled)',
    'Home Assistant topic must not exceed {max} characters.',
    { max: MqttLimits.hassTopicMaxLength },
  ),
  [Code.MqttHassTopicSpace]: warning(
    'Home Assistant topic contains a space (checked only when HA is enabled)',
    'Home Assistant topic must not contain spaces.',
  ),
  [Code.MqttLwtQos]: warning('LWT QoS above 2', 'LWT QoS must not exceed {max}.', { max: MqttLimits.qosMax }),
  [Code.MqttClientIdLength]: warning(
    'MQTT client id longer than 64 bytes',
    'Client id must not exceed {max} characters.',
    {
      max: MqttLimits.clientIdMaxLength,
    },
  ),
  [Code.MqttHassTopicSlash]: warning(
    'Home Assistant topic does not end with "/" (checked only when HA is enabled)',
    'Home Assistant topic must end with a slash.',
  ),

  [Code.NetworkIpInvalid]: warning('static IP address is not a dotted IPv4 address', 'Invalid IP address.'),
  [Code.NetworkNetmaskInvalid]: warning('netmask is not a dotted IPv4 address', 'Invalid netmask.'),
  [Code.NetworkGatewayInvalid]: warning('gateway is not a dotted IPv4 address', 'Invalid gateway.'),
  [Code.NetworkDns1Invalid]: warning('DNS 1 is not a dotted IPv4 address', 'Invalid DNS server 1.'),
  [Code.NetworkDns2Invalid]: warning('DNS 2 is not a dotted IPv4 address', 'Invalid DNS server 2.'),
  [Code.NetworkApTimeoutInvalid]: warning('AP timeout above 99999 minutes', 'Invalid AP timeout.'),
  [Code.NetworkSyslogHostnameLength]: warning(
    'syslog hostname empty or longer than 128 bytes (only when syslog is enabled)',
    'Syslog server must be 1 to {max} characters long.',
    { max: NetworkLimits.syslogHostnameMaxLength },
  ),
  [Code.NetworkSyslogPortInvalid]: warning(
    'syslog port 0 or above 65535 (only when syslog is enabled)',
    'Syslog port must be between 1 and 65535.',
  ),

  [Code.NtpServerLength]: warning(
    'NTP server empty or longer than 31 bytes',
    'Time server must be 1 to {max} characters long.',
    { max: NtpLimits.serverMaxLength },
  ),
  [Code.NtpTimezoneLength]: {
    ...warning(
      'POSIX timezone string empty or longer than 50 bytes; not sent since the timezone key was removed',
      'Timezone must be 1 to {max} characters long.',
      { max: NtpLimits.timezoneMaxLength },
    ),
    sent: false,
  },
  [Code.NtpTimezoneDescrLength]: warning(
    'timezone name (ntp_timezone_descr) empty or longer than 50 bytes',
    'Timezone name must be 1 to {max} characters long.',
    { max: NtpLimits.timezoneDescrMaxLength },
  ),
  [Code.NtpYearRange]: rangeWarning('year outside 2022..2100', 'Year', NtpLimits.yearMin, NtpLimits.yearMax),
  [Code.NtpMonthRange]: rangeWarning('month outside 1..12', 'Month', NtpLimits.monthMin, NtpLimits.monthMax),
  [Code.NtpDayRange]: rangeWarning('day outside 1..31', 'Day', NtpLimits.dayMin, NtpLimits.dayMax),
  [Code.NtpHourRange]: rangeWarning('hour above 23', 'Hour', NtpLimits.hourMin, NtpLimits.hourMax),
  [Code.NtpMinuteRange]: rangeWarning('minute above 59', 'Minute', NtpLimits.minuteMin, NtpLimits.minuteMax),
  [Code.NtpSecondRange]: rangeWarning('second above 59', 'Second', NtpLimits.secondMin, NtpLimits.secondMax),
  [Code.NtpTimeUpdated]: success('device time set manually', 'Time updated.'),

  [Code.SecurityPasswordLength]: warning(
    'admin password shorter than 8 or longer than 64 bytes (param carries only max)',
    'Password must be 8 to {max} characters long.',
    { max: SecurityLimits.passwordMaxLength },
  ),
  [Code.SecurityAuthSuccess]: success('credentials accepted', 'Authentication successful.'),

  [Code.PowerSerialZero]: warning('power: serial parses to 0', 'Serial cannot be zero.'),
  [Code.PowerInverterInvalid]: warning('power: no inverter with that serial', 'Invalid inverter.'),

  [Code.DeviceProfileNameLength]: warning(
    'device profile (pin mapping) name empty or longer than 63 bytes',
    'Profile name must be 1 to {max} characters long.',
    { max: DeviceLimits.profileNameMaxLength },
  ),

  [Code.HistoryMinuteDaysRange]: rangeWarning(
    'history: days of 1-minute power outside the bounds',
    'Minute values',
    HistoryLimits.minuteDaysMin,
    HistoryLimits.minuteDaysMax,
  ),
  [Code.HistoryQuarterDaysRange]: rangeWarning(
    'history: days of 15-minute power outside the bounds',
    'Quarter-hour values',
    HistoryLimits.quarterDaysMin,
    HistoryLimits.quarterDaysMax,
  ),
  [Code.HistoryDailyDaysRange]: warning(
    'history: days of daily energy neither 0 (for good) nor within the bounds',
    'Daily energy is kept for good (0) or between {min} and {max} days.',
    { min: HistoryLimits.dailyDaysMin, max: HistoryLimits.dailyDaysMax },
  ),
  [Code.HistoryRangeInvalid]: badQuery(
    'history query: from/to/date missing, malformed, or to not after from',
    'Invalid time range.',
  ),
  [Code.HistoryStepInvalid]: badQuery(
    'history query: step not a whole number of minutes within the bounds',
    'Step must be a whole number of minutes between {min} and {max} seconds.',
    { min: HistoryLimits.stepMin, max: HistoryLimits.stepMax },
  ),
  [Code.HistoryTooManyPoints]: badQuery(
    'history query: the range holds more buckets than one answer may carry',
    'The range holds more than {max} steps; choose a larger step.',
    { max: HistoryLimits.maxPoints },
  ),
  [Code.HistoryInverterUnknown]: badQuery(
    'history query: serial neither configured nor in the history',
    'Unknown inverter.',
  ),
  [Code.HistoryPeriodInvalid]: badQuery(
    'history energy query: range not month/year/all, or date not of the form the range needs',
    'Invalid period.',
  ),
  [Code.HistoryImportInvalid]: badQuery(
    'history import: not a history export of this gateway, damaged, or too large; nothing replaced',
    'Invalid history file.',
  ),
  [Code.HistoryImported]: success('history import merged', 'History imported.'),

  [Code.PowerMeterMaxAgeRange]: rangeWarning(
    'power meter: max_age (s) outside the bounds',
    'Maximum age',
    PowerMeterLimits.maxAgeMin,
    PowerMeterLimits.maxAgeMax,
  ),
  [Code.PowerMeterPhaseCount]: warning(
    'power meter MQTT: values neither one topic (total) nor three (phases)',
    'Give one topic for the total or three, one per phase.',
  ),
  [Code.PowerMeterTopicInvalid]: warning(
    'power meter MQTT: a topic empty, too long, or with a space or a wildcard',
    'Topic must be 1 to {max} characters without spaces or wildcards.',
    { max: PowerMeterLimits.topicMaxLength },
  ),
  [Code.PowerMeterJsonPathInvalid]: warning(
    'power meter: a JSON path not of the form name.name[0].name, or too long',
    'Invalid JSON path.',
  ),
  [Code.PowerMeterHostnameLength]: warning(
    'power meter: broker or Shelly host name empty or too long',
    'Host name must be 1 to {max} characters long.',
    { max: PowerMeterLimits.hostnameMaxLength },
  ),
  [Code.PowerMeterPortInvalid]: rangeWarning('power meter MQTT: port outside 1..65535', 'Port', 1, 65535),
  [Code.PowerMeterUrlInvalid]: warning(
    'power meter HTTP: URL not http(s):// with a host, or too long',
    'URL must start with http:// or https:// and name a host.',
  ),
  [Code.PowerMeterIntervalRange]: rangeWarning(
    'power meter: polling_interval (s) outside the bounds',
    'Polling interval',
    PowerMeterLimits.pollingIntervalMin,
    PowerMeterLimits.pollingIntervalMax,
  ),
  [Code.PowerMeterTimeoutRange]: rangeWarning(
    'power meter HTTP: timeout (ms) outside the bounds',
    'Timeout',
    PowerMeterLimits.timeoutMin,
    PowerMeterLimits.timeoutMax,
  ),
  [Code.PowerMeterUnitInvalid]: warning('power meter: unit not 0 (W), 1 (kW) or 2 (mW)', 'Invalid unit.'),
  [Code.PowerMeterAuthTypeInvalid]: warning(
    'power meter HTTP: auth_type not 0 (none), 1 (basic) or 2 (digest)',
    'Invalid authentication type.',
  ),
  [Code.PowerMeterCredentialLength]: warning(
    'power meter: a user name or password longer than 64 bytes',
    'User name and password may be at most {max} characters long.',
    { max: PowerMeterLimits.passwordMaxLength },
  ),
  [Code.PowerMeterChannelRange]: rangeWarning(
    'power meter Shelly: channel outside 0..2',
    'Channel',
    0,
    PowerMeterLimits.channelMax,
  ),
  [Code.AlertsUnreachableMinutesRange]: rangeWarning(
    'alerts: minutes before an unreachable inverter is an alert outside the bounds',
    'Minutes',
    AlertLimits.minutesMin,
    AlertLimits.minutesMax,
  ),
  [Code.AlertsStringPercentRange]: rangeWarning(
    'alerts: string shortfall percent outside the bounds',
    'Percent',
    AlertLimits.percentMin,
    AlertLimits.percentMax,
  ),
  [Code.AlertsStringMinutesRange]: rangeWarning(
    'alerts: minutes a string must stay low outside the bounds',
    'Minutes',
    AlertLimits.minutesMin,
    AlertLimits.minutesMax,
  ),
  [Code.AlertsStringLightRange]: rangeWarning(
    'alerts: good-light percent outside the bounds',
    'Percent',
    AlertLimits.percentMin,
    AlertLimits.percentMax,
  ),
  [Code.AlertsRadioPercentRange]: rangeWarning(
    'alerts: radio loss percent outside 0..100',
    'Percent',
    0,
    AlertLimits.percentMax,
  ),
  [Code.AlertsRadioMinutesRange]: rangeWarning(
    'alerts: radio loss window outside the bounds',
    'Minutes',
    AlertLimits.minutesMin,
    AlertLimits.minutesMax,
  ),
  [Code.AlertsPushUrlInvalid]: warning(
    'alerts: push URL neither empty nor an http(s) URL within the length limit',
    'Invalid push URL.',
  ),
  [Code.AlertsPushSecretLength]: warning(
    'alerts: push token or Authorization header longer than the limit',
    'Token must be at most {max} characters long.',
    { max: AlertLimits.secretMaxLength },
  ),
  [Code.AlertsNtfyPriorityRange]: rangeWarning('alerts: ntfy priority outside 1..5', 'Priority', 1, 5),
  [Code.AlertsUnknown]: warning('alerts ack: no such alert, or neither id nor all given', 'Unknown alert.'),
  [Code.AlertsAcknowledged]: success('alerts acknowledged', 'Alert acknowledged.'),
  [Code.AlertsMeterMinutesRange]: rangeWarning(
    'alerts: minutes without a valid meter reading outside the bounds',
    'Minutes',
    AlertLimits.minutesMin,
    AlertLimits.minutesMax,
  ),
  [Code.AlertsLimiterMinutesRange]: rangeWarning(
    'alerts: minutes the limiter may stay in fallback outside the bounds',
    'Minutes',
    AlertLimits.minutesMin,
    AlertLimits.minutesMax,
  ),
  [Code.PowerLimiterTargetRange]: rangeWarning(
    'power limiter: target grid power outside the bounds',
    'Target power consumption',
    PowerLimiterLimits.targetMin,
    PowerLimiterLimits.targetMax,
  ),
  [Code.PowerLimiterHysteresisRange]: rangeWarning(
    'power limiter: hysteresis outside the bounds',
    'Hysteresis',
    PowerLimiterLimits.hysteresisMin,
    PowerLimiterLimits.hysteresisMax,
  ),
  [Code.PowerLimiterBaseLoadRange]: rangeWarning(
    'power limiter: fallback (base load) limit outside the bounds',
    'Base load limit',
    PowerLimiterLimits.baseLoadLimitMin,
    PowerLimiterLimits.baseLoadLimitMax,
  ),
  [Code.PowerLimiterIntervalRange]: rangeWarning(
    'power limiter: minimum command interval outside the bounds',
    'Command interval',
    PowerLimiterLimits.minIntervalMin,
    PowerLimiterLimits.minIntervalMax,
  ),
  [Code.PowerLimiterInverterUnknown]: warning(
    'power limiter: an inverter entry names a serial that is not configured, or names it twice',
    'Invalid inverter.',
  ),
  [Code.PowerLimiterInverterBounds]: warning(
    'power limiter: an inverter lower limit above its upper limit, or either outside 0..max (0 upper = rated power)',
    'Lower limit must not exceed the upper limit; both between {min} and {max} W.',
    { min: 0, max: PowerLimiterLimits.inverterLimitMax },
  ),
};

const codeValues = new Set<number>(Object.values(Code));

export function isCode(value: unknown): value is Code {
  return typeof value === 'number' && codeValues.has(value);
}
