// The radar: what customers read and the next product to offer.
// Public surface: sibling sub-features and the app import only this file.
export { CustomerReads } from './components/CustomerReads';
export { NextProduct } from './components/NextProduct';
