export { openStore, storeOnOrm, type Orm, type Store, type StoreLocation, type StoreOptions } from './store.ts'
export { ormOptions, pgliteOptions } from './orm-options.ts'
