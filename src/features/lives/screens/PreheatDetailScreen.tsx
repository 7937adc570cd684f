import { TeaserView } from './TeaserView';

/** preheatDetail?liveid=: teaser opened from the WeChat one-time subscribe-message flow. */
export default function PreheatDetailScreen() {
  return <TeaserView variant="v1" channel="wechat" />;
}
