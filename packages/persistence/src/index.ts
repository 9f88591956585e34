export { openStore, storeOnOrm, type Orm, type Store, type StoreLocation, type StoreOptions } from './store.ts'
export { ormOptions, pgliteOptions } from './orm-options.ts'
export { CHANGE_POLL_MS, type ChangeFeedWatcher } from './postgres-store-changes.ts'
