// Placeholder until the marketing feature builds this screen: replace this file (see src/app/router/README.md).
import { routes } from '@/routes';
import ComingSoon from '../../../ui/ComingSoon';

export default function RateDetailScreen() {
  return <ComingSoon title={routes.rateDetail.title} homeHref={routes.home.getHref()} />;
}
