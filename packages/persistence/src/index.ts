export { openStore, type Store, type StoreLocation } from './store.ts'
