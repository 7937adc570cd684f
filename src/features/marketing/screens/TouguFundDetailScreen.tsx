// Placeholder until the marketing feature builds this screen: replace this file (see src/app/router/README.md).
import { routes } from '@/routes';
import ComingSoon from '../../../ui/ComingSoon';

export default function TouguFundDetailScreen() {
  return <ComingSoon title={routes.touguFundDetail.title} homeHref={routes.home.getHref()} />;
}
