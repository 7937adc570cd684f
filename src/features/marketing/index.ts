// The marketing feature's public surface. Only the tiny saga shell is here: the slices, workers and
// screens load in the marketing screens' own chunks (the router loads screens/*Screen.tsx by path).
export { marketingSaga } from './marketing-saga';
