// The router's store: records.ts says what it keeps, store/router-store.ts how (embedded or PostgreSQL).
export * from './store/records.ts';
export { RouterStore, type StoreOptions } from './store/router-store.ts';
export { isPostgresUrl } from '../../app-server/store/sql.ts';
