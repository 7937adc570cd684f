import { TopicView } from './TopicView';

/** 投资者教育专题落地页. */
export default function KycH5Screen() {
  return <TopicView topic="kycH5" />;
}
