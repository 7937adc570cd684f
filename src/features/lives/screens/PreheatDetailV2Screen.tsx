import { TeaserView } from './TeaserView';

/** preheatDetailV2?liveid=: the fuller teaser with presenters and description. */
export default function PreheatDetailV2Screen() {
  return <TeaserView variant="v2" channel="liveApp" />;
}
