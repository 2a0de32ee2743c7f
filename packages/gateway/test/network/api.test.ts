import { readFile } from 'node:fs/promises';
import os from 'node:os';
import { networkConfig } from '@dtu-console/contract/network/fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECRET_MASK } from '../../src/config/secrets';
import {
  parseDefaultRoute,
  parseNameservers,
  parseWirelessLevel,
  readNetworkFacts,
  routeHexToIpv4,
} from '../../src/system/network-facts';
import { expectAuthMatrix, expectEnvelope, expectSameShape, get, post } from '../helpers/api';
import { testGateway } from '../helpers/gateway';

// The examples of docs/api.md
const statusExample = {
  sta_status: true,
  sta_ssid: 'MyWiFi',
  sta_bssid: 'AA:BB:CC:DD:EE:FF',
  sta_rssi: -58,
  network_hostname: 'OpenDTU-1A2B3C',
  network_ip: '192.168.1.50',
  network_netmask: '255.255.255.0',
  network_gateway: '192.168.1.1',
  network_dns1: '192.168.1.1',
  network_dns2: '0.0.0.0',
  network_mac: '24:0A:C4:1A:2B:3C',
  network_mode: 'Station',
  ap_status: false,
  ap_ssid: 'OpenDTU-1715004',
  ap_ip: '192.168.4.1',
  ap_mac: '24:0A:C4:1A:2B:3D',
  ap_stationnum: 0,
};
const configExample = networkConfig();

const ROUTE_TABLE = [
  'Iface\tDestination\tGateway \tFlags\tRefCnt\tUse\tMetric\tMask\t\tMTU\tWindow\tIRTT',
  'wlan0\t00000000\t0101A8C0\t0003\t0\t0\t600\t00000000\t0\t0\t0',
  'eth0\t00000000\t010200C0\t0003\t0\t0\t100\t00000000\t0\t0\t0',
  'eth0\t000200C0\t00000000\t0001\t0\t0\t100\t00FFFFFF\t0\t0\t0',
  'tun0\t00000000\t00000000\t0001\t0\t0\t0\t00000000\t0\t0\t0',
].join('\n');

describe('host network facts', () => {
  it('reads /proc/net/route: little-endian hex, default route with the lowest metric, gateway flag', () => {
    expect(routeHexToIpv4('010200C0')).toBe('192.0.2.1');
    expect(routeHexToIpv4('0101A8C0')).toBe('192.168.1.1');
    expect(routeHexToIpv4('zz')).toBe('0.0.0.0');
    expect(parseDefaultRoute(ROUTE_TABLE)).toEqual({ iface: 'eth0', gateway: '192.0.2.1', metric: 100 });
    expect(parseDefaultRoute(ROUTE_TABLE.split('\n').slice(0, 1).join('\n'))).toBeUndefined();
  });

  it('reads nameservers and the Wi-Fi level', () => {
    expect(
      parseNameservers(
        '# comment\nsearch lan\nnameserver 10.0.0.1\n nameserver  fd00::1\nnameserver 9.9.9.9\n',
      ),
    ).toEqual(['10.0.0.1', 'fd00::1', '9.9.9.9']);
    const wireless =
      'Inter-| sta-|   Quality        |   Discarded packets\n face | tus | link level noise |  nwid  crypt\n wlan0: 0000   54.  -56.  -256        0      0\n';
    expect(parseWirelessLevel(wireless, 'wlan0')).toBe(-56);
    expect(parseWirelessLevel(wireless, 'wlan1')).toBeUndefined();
  });

  it('puts the pieces together for a Wi-Fi host', async () => {
    const files: Record<string, string> = {
      '/proc/net/route': ROUTE_TABLE.replace('\t600\t', '\t50\t'),
      '/etc/resolv.conf': 'nameserver 192.168.1.1\n',
      '/proc/net/wireless': ' wlan0: 0000   54.  -61.  -256  0 0\n',
    };
    const facts = await readNetworkFacts({
      hostname: () => 'dtu-host',
      interfaces: () => ({
        lo: [
          {
            address: '127.0.0.1',
            netmask: '255.0.0.0',
            family: 'IPv4',
            mac: '00:00:00:00:00:00',
            internal: true,
            cidr: null,
          },
        ],
        wlan0: [
          {
            address: '192.168.1.50',
            netmask: '255.255.255.0',
            family: 'IPv4',
            mac: '24:0a:c4:1a:2b:3c',
            internal: false,
            cidr: null,
          },
        ],
      }),
      readText: async (path) => files[path],
      exists: async (path) => path === '/sys/class/net/wlan0/wireless',
    });
    expect(facts).toEqual({
      hostname: 'dtu-host',
      iface: 'wlan0',
      ip: '192.168.1.50',
      netmask: '255.255.255.0',
      gateway: '192.168.1.1',
      dns1: '192.168.1.1',
      dns2: '0.0.0.0',
      mac: '24:0A:C4:1A:2B:3C',
      wireless: true,
      rssi: -61,
    });
  });

  it('is all "unknown" on a host without network files or interfaces', async () => {
    const facts = await readNetworkFacts({
      hostname: () => 'h',
      interfaces: () => ({}),
      readText: async () => undefined,
      exists: async () => false,
    });
    expect(facts).toEqual({
      hostname: 'h',
      ip: '0.0.0.0',
      netmask: '0.0.0.0',
      gateway: '0.0.0.0',
      dns1: '0.0.0.0',
      dns2: '0.0.0.0',
      mac: '',
      wireless: false,
      rssi: 0,
    });
  });
});

let env: Awaited<ReturnType<typeof testGateway>>;
beforeAll(async () => {
  env = await testGateway({}, { authLimits: { maxFailures: 1000 } });
});
afterAll(() => env.cleanup());

describe('GET /api/network/status', () => {
  it('answers docs/api.md keys and types with the real host: no access point', async () => {
    const response = await get(env.gateway, '/api/network/status', null);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expectSameShape(body, statusExample);
    expect(body.network_hostname).toBe(os.hostname());
    expect(['Station', 'Ethernet']).toContain(body.network_mode);
    expect(body).toMatchObject({ ap_status: false, ap_stationnum: 0, ap_ip: '0.0.0.0' });

    // The same interface, gateway and DNS the host itself reports.
    const route = parseDefaultRoute(await readFile('/proc/net/route', 'utf8').catch(() => ''));
    if (route) {
      expect(body.network_gateway).toBe(route.gateway);
      const ipv4 = os.networkInterfaces()[route.iface]?.find((entry) => entry.family === 'IPv4');
      expect(body.network_ip).toBe(ipv4?.address);
      expect(body.network_netmask).toBe(ipv4?.netmask);
      expect(body.network_mac).toBe(ipv4?.mac.toUpperCase());
    }
    const dns = parseNameservers(await readFile('/etc/resolv.conf', 'utf8').catch(() => ''));
    expect(body.network_dns1).toBe(dns[0] ?? '0.0.0.0');
    if (body.network_mode === 'Ethernet') expect(body).toMatchObject({ sta_status: false, sta_rssi: 0 });
  });
});

describe('GET/POST /api/network/config', () => {
  it('GET answers docs/api.md shape with the defaults; an empty password stays empty', async () => {
    const response = await get(env.gateway, '/api/network/config');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expectSameShape(body, configExample);
    expect(body).toEqual({ ...configExample, ssid: '', password: '' });
  });

  it('stores the settings in wifi, mdns and syslog; the Wi-Fi password is masked on GET and kept on echo', async () => {
    const posted = {
      ...configExample,
      hostname: 'dtu-%06X',
      dhcp: false,
      ipaddress: '192.168.1.50',
      netmask: '255.255.255.0',
      gateway: '192.168.1.1',
      dns1: '192.168.1.1',
      mdnsenabled: true,
      syslogenabled: true,
      sysloghostname: 'log.lan',
      syslogport: 1514,
    };
    expectEnvelope(await post(env.gateway, '/api/network/config', posted), 1001);
    const store = env.gateway.ctx.config;
    expect(store.get('wifi')).toMatchObject({
      ssid: 'MyWiFi',
      password: 'secret-wifi-pass',
      ip: '192.168.1.50',
      dhcp: false,
    });
    expect(store.get('mdns')).toEqual({ enabled: true });
    expect(store.get('syslog')).toEqual({ enabled: true, hostname: 'log.lan', port: 1514 });

    const response = await get(env.gateway, '/api/network/config');
    expect(response.body).not.toContain('secret-wifi-pass');
    const body = response.json();
    expect(body).toEqual({ ...posted, password: SECRET_MASK });

    expectEnvelope(await post(env.gateway, '/api/network/config', { ...body, ssid: 'Other' }), 1001);
    expect(store.get('wifi')).toMatchObject({ ssid: 'Other', password: 'secret-wifi-pass' });
  });

  it('does not touch the host network', async () => {
    const before = JSON.stringify(os.networkInterfaces());
    expectEnvelope(
      await post(env.gateway, '/api/network/config', {
        ...configExample,
        dhcp: false,
        ipaddress: '10.9.8.7',
      }),
      1001,
    );
    expect(JSON.stringify(os.networkInterfaces())).toBe(before);
  });

  it.each([
    [{ ipaddress: '1.2.3' }, 8001],
    [{ netmask: '255.255.255.256' }, 8002],
    [{ gateway: '' }, 8003],
    [{ dns1: 'dns.local' }, 8004],
    [{ dns2: '::1' }, 8005],
    [{ aptimeout: 100000 }, 8006],
    [{ syslogenabled: true, syslogport: 0, sysloghostname: 'log' }, 8008],
    [{ aptimeout: '3' }, 1005],
    [{ dhcp: 'yes' }, 1005],
  ])('%j → %i', async (patch, code) => {
    const before = env.gateway.ctx.config.get('wifi');
    expectEnvelope(await post(env.gateway, '/api/network/config', { ...configExample, ...patch }), code);
    expect(env.gateway.ctx.config.get('wifi')).toBe(before);
  });

  it('8007 carries {max 128}', async () => {
    const response = await post(env.gateway, '/api/network/config', {
      ...configExample,
      syslogenabled: true,
      sysloghostname: '',
    });
    expectEnvelope(response, 8007, { max: 128 });
  });

  it.each([[{ hostname: '' }], [{ hostname: 'h'.repeat(32) }], [{ password: 'p'.repeat(64) }]])(
    '%j → a warning without code',
    async (patch) => {
      const response = await post(env.gateway, '/api/network/config', { ...configExample, ...patch });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(Object.keys(body)).toEqual(['type', 'message']);
      expect(body.type).toBe('warning');
      expect(body.message.length).toBeGreaterThan(0);
    },
  );

  it('checks the SSID only when the host is on Wi-Fi', async () => {
    const { wireless } = await readNetworkFacts();
    const response = await post(env.gateway, '/api/network/config', { ...configExample, ssid: '' });
    if (wireless) expect(Object.keys(response.json())).toEqual(['type', 'message']);
    else expectEnvelope(response, 1001);
  });

  it('answers 1002 without a data field', async () => {
    const response = await env.gateway.http.inject({
      method: 'POST',
      url: '/api/network/config',
      payload: '',
      headers: { authorization: `Basic ${Buffer.from('admin:openDTU42').toString('base64')}` },
    });
    expectEnvelope(response, 1002);
    expectEnvelope(await post(env.gateway, '/api/network/config', '{'), 1004);
  });
});

describe('auth', () => {
  it('status is Read-only, config is Admin', async () => {
    await expectAuthMatrix(env.gateway, [
      { method: 'GET', url: '/api/network/status', level: 'readonly' },
      { method: 'GET', url: '/api/network/config', level: 'admin' },
      { method: 'POST', url: '/api/network/config', level: 'admin', data: {} },
    ]);
  });
});
