import { afterFirstFrame, nextTask } from './lib/tasks';

import 'antd-mobile/es/global';
import './ui/global.css';

/*
 * Entry. The scripts are deferred, so they ran in the task that follows the parse, often before the page's first
 * frame: a server-rendered page stayed blank while the app's modules evaluated (one task of 75-150 ms on this
 * machine, four times that on Lighthouse's slowed phone). The modules are in these same scripts (eager imports: no
 * request), evaluated after the first frame in three tasks, UI runtime, store and app, each one a tap can come
 * between; then the boot, which makes the store in one task and renders in the next.
 */
async function start() {
  await afterFirstFrame();
  await import(/* webpackMode: "eager" */ 'react-dom/client');
  await nextTask();
  await import(/* webpackMode: "eager" */ './app/store/configure-app-store');
  await nextTask();
  const { boot } = await import(/* webpackMode: "eager" */ './app/boot');
  await nextTask();
  boot();
}

void start();
