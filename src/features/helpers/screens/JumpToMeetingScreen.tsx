// Placeholder until the helpers feature builds this screen: replace this file (see src/app/router/README.md).
import { routes } from '../../../app/router';
import ComingSoon from '../../../ui/ComingSoon';

export default function JumpToMeetingScreen() {
  return <ComingSoon title={routes.jumpToMeeting.title} homeHref={routes.home.getHref()} />;
}
