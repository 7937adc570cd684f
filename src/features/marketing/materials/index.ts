// Materials: the library, the reader and PDF viewer, forwarding to customers.
// Public surface: sibling sub-features and the app import only this file.
export { forwardMaterial, recordShare } from './api';
export { blockedReason, RecipientRow } from './components/RecipientRow';
export { RecipientSearch } from './components/RecipientSearch';
export { default as SuitableMaterials } from './components/SuitableMaterials';
export { materialsWatchers, randomKey } from './store/materials-saga';
