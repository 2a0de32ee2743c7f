import { describe, expect, it } from 'vitest';
import {
  CmtCountries,
  DeviceLimits,
  DiagramMode,
  DisplayDefaults,
  DisplayLanguage,
  DisplayRotationDeg,
  DtuDefaults,
  DtuLimits,
  InverterDefaults,
  InverterLimits,
  LimitType,
  MqttDefaults,
  MqttLimits,
  NetworkDefaults,
  NetworkLimits,
  NrfPaLevels,
  NtpDefaults,
  NtpLimits,
  PowerLimits,
  SecurityLimits,
  SunsetType,
  SunsetZenithDeg,
  Timing,
  UiLimits,
  UploadLimits,
  WifiQuality,
} from '../src/limits';

describe('limits of the console', () => {
  it('security', () => {
    expect(SecurityLimits.passwordMinLength).toBe(8);
    expect(SecurityLimits.passwordMaxLength).toBe(64);
    expect(SecurityLimits.username).toBe('admin');
    expect(SecurityLimits.defaultPassword).toBe('openDTU42');
  });

  it('mqtt', () => {
    expect(MqttLimits).toMatchObject({
      hostnameMaxLength: 128,
      usernameMaxLength: 64,
      passwordMaxLength: 64,
      clientIdMaxLength: 64,
      topicMaxLength: 32,
      lwtTopicMaxLength: 32,
      hassTopicMaxLength: 32,
      lwtValueMaxLength: 20,
      certMaxLength: 2560,
      portMin: 1,
      portMax: 65535,
      publishIntervalMin: 5,
      publishIntervalMax: 86400,
      qosMin: 0,
      qosMax: 2,
    });
    expect(MqttDefaults).toMatchObject({ port: 1883, topic: 'solar/', lwtQos: 2, publishInterval: 5 });
    expect(MqttDefaults.hassTopic).toBe('homeassistant/');
  });

  it('ntp', () => {
    expect(NtpLimits).toMatchObject({
      serverMaxLength: 31,
      serverInputMaxLength: 32,
      timezoneDescrMaxLength: 50,
      timezoneInputMaxLength: 32,
      latitudeMin: -90,
      latitudeMax: 90,
      longitudeMin: -180,
      longitudeMax: 180,
      yearMin: 2022,
      yearMax: 2100,
    });
    expect(NtpDefaults).toEqual({
      server: 'pool.ntp.org',
      timezoneDescr: 'Europe/Berlin',
      timezone: 'CET-1CEST,M3.5.0,M10.5.0/3',
      latitude: 51.1657,
      longitude: 10.4515,
      sunsetType: 1,
    });
  });

  it('sunset angles 90.8 (90.833), 102, 96, 108', () => {
    expect(SunsetType).toEqual({ Official: 0, Nautical: 1, Civil: 2, Astronomical: 3 });
    expect(SunsetZenithDeg[0].toFixed(1)).toBe('90.8');
    expect(SunsetZenithDeg).toEqual({ 0: 90.833, 1: 102, 2: 96, 3: 108 });
  });

  it('inverters', () => {
    expect(InverterLimits).toMatchObject({
      maxInverters: 100,
      maxId: 99,
      maxChannels: 6,
      nameMaxLength: 31,
      channelNameInputMaxLength: 31,
      channelNameStoredMaxLength: 30,
      reachableThresholdMin: 1,
      reachableThresholdMax: 100,
      maxEventLogEntries: 15,
    });
    expect(InverterDefaults.reachableThreshold).toBe(2);
  });

  it('power limit', () => {
    expect(PowerLimits.absoluteFallbackMaxW).toBe(2250);
    expect(PowerLimits.valueMax).toBe(2250);
    expect(PowerLimits.relativeMax).toBe(100);
    expect(PowerLimits.legacyPersistentFlag).toBe(256);
    expect(LimitType).toEqual({
      AbsoluteNonPersistent: 0,
      RelativeNonPersistent: 1,
      AbsolutePersistent: 2,
      RelativePersistent: 3,
    });
  });

  it('dtu and radio', () => {
    expect(DtuLimits).toMatchObject({
      serialMin: 1,
      serialMax: 199999999999,
      pollIntervalMin: 1,
      pollIntervalMax: 86400,
      nrfPaLevelMax: 3,
      cmtPaLevelMinDbm: -10,
      cmtPaLevelMaxDbm: 20,
      cmtChannelWidthHz: 250000,
    });
    expect(NrfPaLevels.map((l) => [l.value, l.label, l.dbm])).toEqual([
      [0, 'Min', -18],
      [1, 'Low', -12],
      [2, 'High', -6],
      [3, 'Max', 0],
    ]);
    expect(DtuDefaults).toEqual({
      pollInterval: 5,
      nrfPaLevel: 0,
      cmtPaLevel: 0,
      cmtFrequency: 865000000,
      cmtCountry: 0,
    });
  });

  it('cmt countries follow docs/api.md', () => {
    expect(CmtCountries.map((c) => c.name)).toEqual(['Europe', 'North America', 'Brazil']);
    expect(CmtCountries[0]).toMatchObject({
      freq_default: 865000000,
      freq_min: 860250000,
      freq_max: 923500000,
      freq_legal_min: 863000000,
      freq_legal_max: 870000000,
    });
    expect(CmtCountries[2]).toMatchObject({ freq_legal_min: 915000000, freq_legal_max: 928000000 });
    for (const c of CmtCountries) {
      // min = base + 1 channel, max = base + 254 channels.
      expect(c.freq_max - c.freq_min).toBe(253 * DtuLimits.cmtChannelWidthHz);
      expect(c.freq_default % DtuLimits.cmtChannelWidthHz).toBe(0);
    }
  });

  it('device and display', () => {
    expect(DeviceLimits).toMatchObject({
      diagramDurationMin: 600,
      diagramDurationMax: 86400,
      contrastMax: 100,
      ledBrightnessMax: 100,
      ledCount: 2,
      profileNameMaxLength: 63,
      defaultProfileName: 'Default',
    });
    expect(DisplayRotationDeg).toEqual([0, 90, 180, 270]);
    expect(DisplayLanguage).toEqual({ en: 0, de: 1, fr: 2 });
    expect(DiagramMode).toEqual({ Off: 0, Small: 1, Fullscreen: 2 });
    expect(DisplayDefaults).toMatchObject({
      rotation: 2,
      contrast: 60,
      diagramDuration: 36000,
      diagramMode: 1,
    });
  });

  it('network', () => {
    expect(NetworkLimits).toMatchObject({
      ssidMaxLength: 32,
      passwordMaxLength: 63,
      passwordInputMaxLength: 64,
      hostnameMaxLength: 31,
      hostnameInputMaxLength: 32,
      addressInputMaxLength: 32,
      apTimeoutMin: 0,
      apTimeoutMax: 99999,
      apTimeoutInfinite: 0,
    });
    expect(NetworkDefaults.apTimeout).toBe(3);
  });

  it('timing', () => {
    expect(Timing).toMatchObject({
      consoleHeartbeatMs: 5000,
      liveHeartbeatMs: 59000,
      liveHeartbeatAfterEmptyMs: 10000,
      liveReloadDelayMs: 1000,
      firmwareStatusPollMs: 1000,
      clockTickMs: 1000,
      dataAgeAbsoluteAfterS: 300,
      inverterDataWaitS: 10,
      limitDisplayUpdateS: 240,
      frequencyChangeConnectS: 900,
      sunsetTypeChangeS: 60,
      brandIconRecheckMs: 10000,
      onlinePulseMs: 2500,
      sortAnimationMs: 150,
    });
  });

  it('ui, uploads and wifi quality', () => {
    expect(UiLimits).toEqual({
      consoleRows: 24,
      pullToRefreshThreshold: 60,
      pullToRefreshMax: 80,
      pullToRefreshReloadDistance: 50,
      pullToRefreshTimeoutMs: 500,
      dragScrollSensitivity: 30,
      dragScrollSpeed: 10,
    });
    expect(UploadLimits.md5ChunkBytes).toBe(2097152);
    expect(UploadLimits.restoreFiles).toEqual(['config.json', 'pin_mapping.json']);
    expect(UploadLimits.firmwareAccept).toEqual(['.bin', '.bin.gz']);
    expect(WifiQuality).toEqual({ rssiWorst: -100, rssiBest: -50 });
  });
});
