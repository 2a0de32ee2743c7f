import { describe, expect, it } from 'vitest';
import { Code } from '../../src/codes';
import { networkConfig } from '../../src/network/fixtures';
import {
  isDottedIpv4,
  networkAddressRules,
  networkTailRules,
  validateNetworkConfig,
  validateNetworkDataField,
} from '../../src/network/schemas';

// The GET example of docs/api.md
const getObject = networkConfig();
const station = { stationMode: true };
const ethernet = { stationMode: false };
const run = (patch: Record<string, unknown>, context = station) =>
  validateNetworkConfig({ ...getObject, ...patch }, context);

describe('POST /api/network/config validation', () => {
  it('accepts the GET object', () => {
    expect(run({})).toEqual({ ok: true, value: getObject });
  });

  const required = [
    'ssid',
    'password',
    'hostname',
    'dhcp',
    'ipaddress',
    'netmask',
    'gateway',
    'dns1',
    'dns2',
  ];

  it.each([...required, 'aptimeout'])('answers 1005 when %s is missing', (key) => {
    const body: Record<string, unknown> = { ...getObject };
    delete body[key];
    expect(validateNetworkConfig(body, station)).toEqual({ ok: false, code: 1005 });
  });

  it.each([
    ['dhcp', 1],
    ['ssid', 5],
    ['ipaddress', null],
    ['aptimeout', '3'],
    ['aptimeout', -1],
    ['aptimeout', 4294967296],
  ])('answers 1005 when %s is %j', (key, value) => {
    expect(run({ [key]: value })).toEqual({ ok: false, code: 1005 });
  });

  it('reads the mDNS and syslog keys leniently (absent → false/"null"/0, numeric strings converted)', () => {
    const { mdnsenabled: _a, syslogenabled: _b, sysloghostname: _c, syslogport: _d, ...rest } = getObject;
    const result = validateNetworkConfig(rest, station);
    expect(result).toEqual({
      ok: true,
      value: { ...rest, mdnsenabled: false, syslogenabled: false, sysloghostname: 'null', syslogport: 0 },
    });
    const converted = run({ syslogport: '1514', mdnsenabled: 1 });
    expect(converted.ok && converted.value).toMatchObject({ syslogport: 1514, mdnsenabled: true });
  });

  it.each([
    ['ipaddress', 8001],
    ['netmask', 8002],
    ['gateway', 8003],
    ['dns1', 8004],
    ['dns2', 8005],
  ])('%s not a dotted IPv4 address → %i (even with DHCP on)', (field, code) => {
    for (const bad of ['', '1.2.3', '1.2.3.4.5', '256.1.1.1', 'a.b.c.d', '1.2.3.4 ', '::1']) {
      expect(run({ [field]: bad, dhcp: true })).toEqual({ ok: false, code, field });
    }
  });

  it('knows dotted IPv4 addresses', () => {
    for (const good of ['0.0.0.0', '192.168.1.50', '255.255.255.255', '010.0.0.1']) {
      expect(isDottedIpv4(good), good).toBe(true);
    }
  });

  it.each([
    [{ hostname: '' }, 'hostname'],
    [{ hostname: 'h'.repeat(32) }, 'hostname'],
    [{ ssid: '' }, 'ssid'],
    [{ ssid: 's'.repeat(33) }, 'ssid'],
    [{ password: 'p'.repeat(64) }, 'password'],
  ])('%j → a warning without code', (patch, field) => {
    const result = run(patch);
    expect(result.ok).toBe(false);
    if (result.ok || !('codeless' in result)) throw new Error('expected a codeless warning');
    expect(result.field).toBe(field);
    expect(result.codeless.type).toBe('warning');
    expect(result.codeless.message.length).toBeGreaterThan(0);
    expect(result.codeless).not.toHaveProperty('code');
  });

  it('checks the SSID only in Wi-Fi mode', () => {
    expect(run({ ssid: '' }, ethernet).ok).toBe(true);
    expect(run({ ssid: 's'.repeat(33) }, ethernet).ok).toBe(true);
  });

  it.each([
    { hostname: 'h'.repeat(31) },
    { ssid: 's'.repeat(32) },
    { password: 'p'.repeat(63) },
    { password: '' },
    { aptimeout: 0 },
    { aptimeout: 99999 },
  ])('accepts the boundary %j', (patch) => {
    expect(run(patch).ok).toBe(true);
  });

  it('AP timeout above 99999 → 8006', () => {
    expect(run({ aptimeout: 100000 })).toEqual({ ok: false, code: 8006, field: 'aptimeout' });
  });

  it('checks syslog only while it is enabled', () => {
    expect(run({ sysloghostname: '', syslogport: 0 }).ok).toBe(true);
    const on = { syslogenabled: true, sysloghostname: 'log.local', syslogport: 514 };
    expect(run(on).ok).toBe(true);
    expect(run({ ...on, sysloghostname: '' })).toEqual({
      ok: false,
      code: 8007,
      param: { max: 128 },
      field: 'sysloghostname',
    });
    expect(run({ ...on, sysloghostname: 'h'.repeat(129) })).toMatchObject({
      code: 8007,
      param: { max: 128 },
    });
    expect(run({ ...on, sysloghostname: 'h'.repeat(128) }).ok).toBe(true);
    expect(run({ ...on, syslogport: 0 })).toEqual({ ok: false, code: 8008, field: 'syslogport' });
    expect(run({ ...on, syslogport: 65536 })).toEqual({ ok: false, code: 8008, field: 'syslogport' });
    expect(run({ ...on, syslogport: 65535 }).ok).toBe(true);
  });

  it('follows docs/api.md order: 1005, addresses, hostname, ssid, password, AP timeout, syslog host, port', () => {
    let body: Record<string, unknown> = {
      ...getObject,
      ipaddress: 'x',
      netmask: 'x',
      gateway: 'x',
      dns1: 'x',
      dns2: 'x',
      hostname: '',
      ssid: '',
      password: 'p'.repeat(64),
      aptimeout: 100000,
      syslogenabled: true,
      sysloghostname: '',
      syslogport: 0,
    };
    const steps: [Record<string, unknown>, number | string][] = [
      [{}, 8001],
      [{ ipaddress: '0.0.0.0' }, 8002],
      [{ netmask: '0.0.0.0' }, 8003],
      [{ gateway: '0.0.0.0' }, 8004],
      [{ dns1: '0.0.0.0' }, 8005],
      [{ dns2: '0.0.0.0' }, 'hostname'],
      [{ hostname: 'dtu' }, 'ssid'],
      [{ ssid: 'wifi' }, 'password'],
      [{ password: 'pw' }, 8006],
      [{ aptimeout: 3 }, 8007],
      [{ sysloghostname: 'log' }, 8008],
    ];
    for (const [patch, expected] of steps) {
      body = { ...body, ...patch };
      const result = validateNetworkConfig(body, station);
      if (result.ok) throw new Error(`expected ${expected}`);
      expect('codeless' in result ? result.field : result.code).toBe(expected);
    }
    expect(validateNetworkConfig({ ...body, syslogport: 514 }, station).ok).toBe(true);
    expect(run({ ipaddress: 'x', aptimeout: 'x' })).toEqual({ ok: false, code: 1005 });
    expect(networkAddressRules.map((r) => r.code)).toEqual([
      Code.NetworkIpInvalid,
      Code.NetworkNetmaskInvalid,
      Code.NetworkGatewayInvalid,
      Code.NetworkDns1Invalid,
      Code.NetworkDns2Invalid,
    ]);
    expect(networkTailRules.map((r) => r.code)).toEqual([
      Code.NetworkApTimeoutInvalid,
      Code.NetworkSyslogHostnameLength,
      Code.NetworkSyslogPortInvalid,
    ]);
  });

  it('answers 1002 and 1004 for the data field first', () => {
    expect(validateNetworkDataField(undefined, station)).toEqual({ ok: false, code: 1002 });
    expect(validateNetworkDataField('{bad', station)).toEqual({ ok: false, code: 1004 });
    expect(validateNetworkDataField('[]', station)).toEqual({ ok: false, code: 1005 });
    expect(validateNetworkDataField(JSON.stringify(getObject), station).ok).toBe(true);
  });
});
