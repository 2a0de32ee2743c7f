/**
 * Backup, restore and factory reset under both names the clients use: /api/file/* (current
 * firmware) and /api/config/* (older firmware, which older consoles still call).
 * Only config.json and pin_mapping.json exist here; language packs cannot be uploaded.
 */
import {
  Code,
  envelope,
  type FileListEntry,
  Key,
  type LegacyConfigListResponse,
} from '@dtu-console/contract';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { CONFIG_FILE, PIN_MAPPING_FILE } from '../config/files';
import { restoreFile, restoreTargetRefusal } from '../config/restore';
import type { GatewayContext } from '../context';
import { postData } from '../http/post-data';
import { readSingleFile } from '../http/upload';
import { uploadAnswer } from '../http/upload-answer';

export const fileDeleteSchema = z.object({ file: Key.string });
export const factoryResetSchema = z.object({ delete: Key.bool });
type FactoryResetValues = z.output<typeof factoryResetSchema>;

/** A restore file bigger than this is refused (a full config with certificates is ~10 KiB). */
export const RESTORE_MAX_BYTES = 256 * 1024;

/** "/config.json" and "config.json" name the same file; anything else is not ours to serve. */
function fileName(raw: unknown): string | undefined {
  if (typeof raw !== 'string') return undefined;
  return raw.replace(/^\/+/, '');
}

export const configFileRoutes: FastifyPluginAsync<{ ctx: GatewayContext }> = async (app, { ctx }) => {
  const { config } = ctx;

  const list = async (): Promise<FileListEntry[]> => config.listFiles();
  app.get('/api/file/list', { config: { auth: 'admin', summary: 'Stored files with their sizes' } }, list);
  app.get(
    '/api/config/list',
    { config: { auth: 'admin', summary: 'Stored files (format before v24.11.7)' } },
    async (): Promise<LegacyConfigListResponse> => ({
      configs: (await list()).map(({ name }) => ({ name })),
    }),
  );

  const download = async (request: FastifyRequest, reply: FastifyReply) => {
    const name = fileName((request.query as Record<string, unknown>).file) ?? CONFIG_FILE;
    let content: string | Buffer | undefined;
    if (name === CONFIG_FILE) content = config.serializeForBackup();
    else if (name === PIN_MAPPING_FILE) content = await config.readPinMapping();
    if (content === undefined) return reply.code(404).header('Content-Length', '0').send();
    return reply
      .type('application/json')
      .header('Content-Disposition', `attachment; filename="${name}"`)
      .send(content);
  };
  const downloadMeta = {
    auth: 'admin',
    summary: 'Download config.json (the backup, default) or pin_mapping.json; 404 when absent',
  } as const;
  app.get('/api/file/get', { config: downloadMeta }, download);
  app.get('/api/config/get', { config: downloadMeta }, download);

  const upload = async (request: FastifyRequest, reply: FastifyReply) => {
    const name = fileName((request.query as Record<string, unknown>).file);
    if (name === undefined || name === '') return reply.code(500).header('Content-Length', '0').send();
    // A file that cannot be restored is refused before its body is read.
    const target = restoreTargetRefusal(name);
    if (target !== undefined) return uploadAnswer(reply, 500, target);
    const file = await readSingleFile(request, { maxBytes: RESTORE_MAX_BYTES });
    if (!file.ok) return uploadAnswer(reply, 500, file.text);
    const restored = await restoreFile(config, name, file.content, ctx.log);
    if (!restored.ok) return uploadAnswer(reply, 500, restored.text);
    ctx.requestReboot(`${name} restored`);
    return uploadAnswer(reply, 200, 'OK');
  };
  const uploadMeta = {
    auth: 'admin',
    summary: 'Restore config.json or pin_mapping.json (validated first), then restart',
    produces: 'text/plain',
    upload: { parts: [{ name: 'config', file: true, description: 'The file; the target is ?file=<name>' }] },
  } as const;
  app.post('/api/file/upload', { config: uploadMeta }, upload);
  app.post('/api/config/upload', { config: uploadMeta }, upload);

  postData(
    app,
    '/api/file/delete',
    {
      auth: 'admin',
      summary: 'Delete one stored file (3003); 404 when it does not exist',
      payload: fileDeleteSchema,
    },
    async (values, _request, reply) => {
      const name = fileName(values.file);
      let deleted = false;
      if (name === PIN_MAPPING_FILE) deleted = await config.deletePinMapping();
      else if (name === CONFIG_FILE && (await config.listFiles()).some((file) => file.name === CONFIG_FILE)) {
        // The running config stays active; the next save writes the file again.
        await config.deleteConfigFile();
        deleted = true;
      }
      if (!deleted) return reply.code(404).header('Content-Length', '0').send();
      return envelope(Code.FileDeleted);
    },
  );

  const factoryReset = async (values: FactoryResetValues, request: FastifyRequest) => {
    if (!values.delete) return envelope(Code.ConfigNothingDeleted);
    await config.factoryReset();
    request.log.warn('Factory reset: configuration deleted');
    ctx.requestReboot('factory reset');
    return envelope(Code.ConfigReset);
  };
  const resetMeta = {
    auth: 'admin',
    summary:
      'Factory reset: delete the configuration (pin_mapping.json stays) and restart (3002); 3001 with delete:false',
    payload: factoryResetSchema,
  } as const;
  postData(app, '/api/file/delete_all', resetMeta, factoryReset);
  postData(app, '/api/config/delete', resetMeta, factoryReset);
};
