import { TeaserView } from './TeaserView';

/** preheatDetailGopher?liveid=: the gopher application's teaser (spec §6). */
export default function PreheatDetailGopherScreen() {
  return <TeaserView variant="gopher" channel="liveApp" />;
}
