// Placeholder until the knowledge feature builds this screen: replace this file (see src/app/router/README.md).
import { routes } from '@/routes';
import ComingSoon from '../../../ui/ComingSoon';

export default function GuideScreen() {
  return <ComingSoon title={routes.guide.title} homeHref={routes.home.getHref()} />;
}
