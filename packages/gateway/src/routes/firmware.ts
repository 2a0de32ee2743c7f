/**
 * POST /api/firmware/update: the firmware of a Linux gateway is its own release (docs/releases.md).
 * The upload is checked completely (MD5, container, manifest, every checksum) and unpacked beside the
 * running release; the gateway then restarts and the launcher starts the new release.
 */
import { uploadRefusalText } from '@dtu-console/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { GatewayContext } from '../context';
import { malformedMultipart } from '../http/post-data';
import { uploadAnswer } from '../http/upload-answer';
import { receiveRelease } from '../release/upload';

export const firmwareRoutes: FastifyPluginAsync<{ ctx: GatewayContext }> = async (app, { ctx }) => {
  app.post(
    '/api/firmware/update',
    {
      config: {
        auth: 'admin',
        summary: 'Upload a dtu-console release (.bin or .bin.gz): checked, unpacked, then restart on it',
        produces: 'text/plain',
        upload: {
          parts: [
            { name: 'MD5', file: false, description: 'MD5 of the file, 32 hex digits; must come first' },
            { name: 'firmware', file: true, description: 'The release file dtu-console-<version>.bin.gz' },
          ],
        },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) return uploadAnswer(reply, 400, uploadRefusalText('notMultipart'));
      let result: Awaited<ReturnType<typeof receiveRelease>>;
      try {
        result = await receiveRelease(request, ctx.options.dataDir);
      } catch (error) {
        // A body that is not readable multipart is refused like one that is not multipart at all.
        const malformed = malformedMultipart(error);
        if (malformed !== undefined) {
          request.log.warn({ reason: malformed }, 'Firmware update refused');
          return uploadAnswer(reply, 400, malformed);
        }
        // The disk refused (full, read-only): the user reads why, in the console's words.
        if (!(error instanceof Error) || !('syscall' in error)) throw error;
        request.log.error({ err: error }, 'Firmware update could not be installed');
        return uploadAnswer(reply, 500, uploadRefusalText('installFailed', { detail: error.message }));
      }
      if (!result.ok) {
        request.log.warn({ reason: result.reason }, 'Firmware update refused');
        // 500 with the reason: the console shows the body of a 500 (and only a status text otherwise).
        return uploadAnswer(reply, 500, result.reason);
      }
      request.log.info(`Release ${result.value.version} installed; restarting`);
      ctx.requestReboot(`release ${result.value.version} installed`);
      return uploadAnswer(reply, 200, 'OK');
    },
  );
};
