// Placeholder until the lives feature builds this screen: replace this file (see src/app/router/README.md).
import { routes } from '../../../app/router';
import ComingSoon from '../../../ui/ComingSoon';

export default function CloudMettingActivityScreen() {
  return <ComingSoon title={routes.cloudMettingActivity.title} homeHref={routes.home.getHref()} />;
}
