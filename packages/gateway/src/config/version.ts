/** Version of the config.json format; migrations (config/migrations.ts) lift older files to it. */
export const CONFIG_VERSION = '1.0.0';
