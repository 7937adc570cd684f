// The knowledge store's public surface. Screens are loaded by the app's route map; the slice
// injects itself from the screens' chunks, so only the saga's watchers are in the first load.
export { knowledgeSaga } from './store/knowledge-saga';
