// Placeholder until the home list lands (owned by the lead engineer).
export default function HomeScreen() {
  return <div>直播</div>;
}
