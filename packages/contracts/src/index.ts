export * from './constants';
export * from './errors';
export * from './envelope';
export * from './system';
export * from './messages';
export * from './games';
export * from './cs-path';
export * from './register-patterns';
