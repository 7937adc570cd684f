// The helper screens' public surface: their root saga (the slice is lazy, injected by the screens' chunks).
export { helpersSaga } from './store/helpers-saga';
