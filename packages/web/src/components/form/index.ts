export * from './fields';
export * from './resolver';
export * from './SettingsForm';
export * from './useSettingsForm';
export * from './useUnsavedGuard';
