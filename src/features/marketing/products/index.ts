// Products: detail and public share pages, holders, money funds, product sharing.
// Public surface: sibling sub-features and the app import only this file.
export { productShareWatchers } from './store/product-share-saga';
