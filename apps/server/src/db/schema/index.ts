// The Drizzle schema is the union of each domain's tables; drizzle-kit and the client read it here.
export * from './platform';
export * from './customers';
export * from './auth';
export * from './ledger';
export * from './accounts';
export * from './history';
export * from './registration';
export * from './sso';
export * from './transfers';
export * from './security';
export * from './documents';
export * from './notifications';
export * from './news';
export * from './security-factors';
export * from './profile';
