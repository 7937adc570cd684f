import { TeaserView } from './TeaserView';

/** preheatDetailGopher?liveid=: the gopher application's teaser (docs/rules/roles.md#application-identifiers). */
export default function PreheatDetailGopherScreen() {
  return <TeaserView variant="gopher" channel="liveApp" />;
}
