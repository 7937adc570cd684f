import { PublicProductPage } from '../components/PublicProductPage';

/** 公募分红: a public fund's dividend record for a customer, opened from an adviser's share link (no sign-in). */
export default function PublicShareDetailScreen() {
  return <PublicProductPage page="public" />;
}
