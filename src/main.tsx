import { boot } from './app/boot';

import 'antd-mobile/es/global';
import './ui/global.css';

// Entry: pick the environment by host, make the store, render. In a task of its own after the scripts' evaluation:
// on a throttled phone the two together were one long task (150-300 ms) that a tap had to wait out.
setTimeout(boot, 0);
