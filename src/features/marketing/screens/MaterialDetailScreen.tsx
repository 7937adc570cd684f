// Placeholder until the marketing feature builds this screen: replace this file (see src/app/router/README.md).
import { routes } from '@/routes';
import ComingSoon from '../../../ui/ComingSoon';

export default function MaterialDetailScreen() {
  return <ComingSoon title={routes.materialDetail.title} homeHref={routes.home.getHref()} />;
}
