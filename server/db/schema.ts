// The whole database schema (drizzle-kit and the db client read this file): the core tables
// plus one file per area. Area files import core tables from './schema-core', never from here.
export * from './schema-compliance';
export * from './schema-core';
export * from './schema-holds';
export * from './schema-invitation';
export * from './schema-marketing';
export * from './schema-materials';
export * from './schema-reach';
export * from './schema-store';
