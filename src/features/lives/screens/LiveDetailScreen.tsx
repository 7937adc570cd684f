import { LiveRoomView } from './LiveRoomView';

/** liveDetail/{liveid}: the live room inside the app and mini-program web views. */
export default function LiveDetailScreen() {
  return <LiveRoomView variant="app" />;
}
