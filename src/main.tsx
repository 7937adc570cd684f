import { afterFirstFrame, nextTask } from './lib/tasks';

import 'antd-mobile/es/global';
import './ui/global.css';

/*
 * Entry. The scripts are deferred, so they ran in the task that follows the parse, often before the page's first
 * frame: a server-rendered page stayed blank while the app's modules evaluated (one task of 75-150 ms on this
 * machine, four times that on Lighthouse's slowed phone). The modules are in these same scripts (eager imports: no
 * request), evaluated after the first frame a group per task, each one a tap can come between; then the boot, which
 * makes the store in one task and renders in the next.
 */
// Modules whose every export the app uses: an eager import keeps all the exports of what it names, so a library
// named here would lose its tree shaking (react-router-dom's made the first load 55 KB larger); libraries.ts names
// the parts of the state libraries the store uses. In dependency order, so each group evaluates only its own.
const moduleGroups = [
  () => import(/* webpackMode: "eager" */ 'react-dom/client'),
  () => import(/* webpackMode: "eager" */ './app/store/libraries'),
  () => import(/* webpackMode: "eager" */ './store'),
  () => import(/* webpackMode: "eager" */ './app/store/configure-app-store'),
];

async function start() {
  await afterFirstFrame();
  for (const evaluate of moduleGroups) {
    await evaluate();
    await nextTask();
  }
  const { boot } = await import(/* webpackMode: "eager" */ './app/boot');
  await nextTask();
  boot();
}

void start();
