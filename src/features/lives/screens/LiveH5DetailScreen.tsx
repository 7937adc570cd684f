import { LiveRoomView } from './LiveRoomView';

/** LiveH5Detail/{liveid}: the live room for shared links opened in a browser (WeChat, WeCom). */
export default function LiveH5DetailScreen() {
  return <LiveRoomView variant="h5" />;
}
