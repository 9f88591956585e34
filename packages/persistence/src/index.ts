export { openStore, type Store, type StoreLocation, type StoreOptions } from './store.ts'
