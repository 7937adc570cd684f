// 我的's public surface: its saga for the app. Its lists part loads with the /mine route (src/app/router).
export { mineSaga } from './store/mine-saga';
