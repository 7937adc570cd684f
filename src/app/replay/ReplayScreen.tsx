import { fullReducer } from '../store/full-reducer';
import { ReplayFrame } from './ReplayFrame';

import ReplayViewer from '@/features/action-log/screens/ReplayScreen';

/**
 * /__replay: the action log's viewer, composed here with what only the app has: the reducer with
 * every slice injected and the app's real screens (ReplayFrame). The feature imports neither.
 */
export default function ReplayScreen() {
  return <ReplayViewer reducer={fullReducer} Frame={ReplayFrame} />;
}
