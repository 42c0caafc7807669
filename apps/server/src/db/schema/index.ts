// The Drizzle schema is the union of each domain's tables; drizzle-kit and the client read it here.
export * from './platform';
export * from './customers';
export * from './auth';
export * from './ledger';
