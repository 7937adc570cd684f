// Placeholder until the session feature builds this screen: replace this file (see src/app/router/README.md).
import { routes } from '../../../app/router';
import ComingSoon from '../../../ui/ComingSoon';

export default function JumpToWxAuthScreen() {
  return <ComingSoon title={routes.jumpToWxAuth.title} homeHref={routes.home.getHref()} />;
}
