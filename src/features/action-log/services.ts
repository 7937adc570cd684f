import type { Recorder } from './recorder';
import type { ActionLogRemote } from './remote';
import type { ActionLogServices } from './store/types';

import type { ServiceClient } from '@/api';
import { bindLazily } from '@/api/lazy';
import { saveFile } from '@/platform/download';

/** The debug panel's and the viewer's outside world, built once by the app. */
export function createActionLogServices(recorder: Recorder, client: ServiceClient): ActionLogServices {
  const remote = bindLazily<ActionLogRemote>(
    () => import(/* webpackChunkName: "action-log-remote" */ './remote').then((m) => m.createActionLogRemote(client)),
    ['upload', 'fetch'],
  );
  return {
    exportLog: () => recorder.exportLog(),
    upload: (log, note) => remote.upload(log, note),
    fetch: (id) => remote.fetch(id),
    download: (log, fileName) => saveFile(new Blob([JSON.stringify(log)], { type: 'application/json' }), fileName),
  };
}
