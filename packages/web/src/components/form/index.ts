export { FormCard } from '../FormCard';
export * from './fields';
export * from './resolver';
export * from './SerialField';
export * from './SettingsForm';
export * from './TabBar';
export * from './useSettingsForm';
export * from './useUnsavedGuard';
