import { PublicProductPage } from '../components/PublicProductPage';

/** 收益分享: a product's performance for a customer, opened from an adviser's share link (no sign-in). */
export default function RateShareDetailScreen() {
  return <PublicProductPage page="rate" />;
}
