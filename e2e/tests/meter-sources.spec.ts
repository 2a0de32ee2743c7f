import { createServer, type Server } from 'node:net';
import { expect, test } from '@playwright/test';
import { signedIn } from './session';

/** The machine running the suite may be busy: the screens get longer than the default 10 s to answer. */
const SLOW = { timeout: 30_000 };

/**
 * The meter sources that read the meter itself, in the Power limiter screen against the real gateway:
 * a Modbus TCP meter (a small SDM120 on loopback, answering function 4 with its power as a float) read
 * with "Read now", a custom register's check, a read head that is not plugged in. Nothing is saved: the
 * other specs keep the simulated meter.
 */

/**
 * An SDM120 over Modbus TCP: input register 0x000C holds the active power, 0x0048 and 0x004A the energy
 * drawn and fed in (kWh), each a float32, high word first.
 */
async function sdm120(powerW: number): Promise<{ port: number; server: Server }> {
  const image = Buffer.alloc((0x4c - 0x0c) * 2);
  image.writeFloatBE(powerW, 0);
  image.writeFloatBE(1234.5, (0x48 - 0x0c) * 2);
  image.writeFloatBE(2.5, (0x4a - 0x0c) * 2);
  const server = createServer((socket) => {
    socket.on('data', (request) => {
      if (request.length < 12) return;
      const [unit, fc] = [request[6] as number, request[7] as number];
      const address = request.readUInt16BE(8);
      const count = request.readUInt16BE(10);
      let pdu: Buffer;
      if (fc !== 4) pdu = Buffer.from([fc | 0x80, 1]);
      else if (address < 0x0c || address + count > 0x4c) pdu = Buffer.from([0x84, 2]);
      else {
        // The power at 0x000C, import and export energy (kWh) at 0x0048 and 0x004A.
        const words = image.subarray((address - 0x0c) * 2, (address - 0x0c + count) * 2);
        pdu = Buffer.concat([Buffer.from([4, count * 2]), words]);
      }
      const head = Buffer.alloc(7);
      request.copy(head, 0, 0, 4);
      head.writeUInt16BE(pdu.length + 1, 4);
      head[6] = unit;
      socket.write(Buffer.concat([head, pdu]));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const address = server.address();
  return { port: typeof address === 'object' && address ? address.port : 0, server };
}

test.describe('meter sources in the Power meter screen', () => {
  test('a Modbus meter read now, a custom register refused, a missing read head named', async ({ page }) => {
    // Wall time: the readings are real requests over TCP to a Modbus meter on a socket of this test.
    test.setTimeout(120_000);
    const meter = await sdm120(432.1);
    try {
      await signedIn(page);
      await page.goto('/settings/powermeter');
      await expect(page.getByLabel('Source')).toBeVisible(SLOW);

      await page.getByLabel('Source').selectOption({ label: 'Modbus meter (SDM, DTSU/DDSU)' });
      await page.getByLabel('Meter', { exact: true }).selectOption({ label: 'Eastron SDM120' });
      await expect(page.getByLabel('Connection')).toHaveValue('tcp');
      await page.getByLabel('Host', { exact: true }).fill('127.0.0.1');
      await page.getByLabel('Port', { exact: true }).fill(String(meter.port));
      await page.getByRole('button', { name: 'Read now' }).click();
      await expect(page.getByTestId('meter-reading')).toHaveText(
        'Reading: 432.1 W · drawn 1,234.5 kWh, fed in 2.5 kWh',
        SLOW,
      );

      await page.getByLabel('Unit id').fill('0');
      await page.getByRole('button', { name: 'Read now' }).click();
      await expect(page.getByTestId('meter-reading')).toHaveText('Unit id must be between 1 and 247.');
      await page.getByLabel('Unit id').fill('1');

      await page.getByLabel('Meter', { exact: true }).selectOption({ label: 'Other (custom register)' });
      await expect(page.getByLabel('Register', { exact: true })).toBeVisible();
      await page.getByLabel('Register', { exact: true }).fill('12');
      await page.getByLabel('Register type').selectOption({ label: 'Input registers (function 4)' });
      await page.getByLabel('Scale').fill('-1');
      await page.getByRole('button', { name: 'Read now' }).click();
      await expect(page.getByTestId('meter-reading')).toHaveText('Reading: -432.1 W', SLOW);

      await page.getByLabel('Source').selectOption({ label: 'SML read head (serial)' });
      await page.getByLabel('Serial device').fill('/dev/ttyUSB-not-plugged');
      await page.getByRole('button', { name: 'Read now' }).click();
      await expect(page.getByTestId('meter-reading')).toHaveText(
        'No reading: Serial device not found: check the path and that the read head or adapter is plugged in.',
        SLOW,
      );
      // The read head's fields in place of the Modbus ones.
      await expect(page.getByLabel('Serial device')).toHaveValue('/dev/ttyUSB-not-plugged');
      await expect(page.getByLabel('Host', { exact: true })).toHaveCount(0);
      await expect(page.getByLabel('Unit id')).toHaveCount(0);
    } finally {
      await new Promise<void>((resolve) => meter.server.close(() => resolve()));
    }
  });
});
