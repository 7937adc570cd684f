import { TopicView } from './TopicView';

/** 黑钻会员年会. */
export default function AnnualMeetingScreen() {
  return <TopicView topic="annualMeeting" />;
}
