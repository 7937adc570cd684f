// Small hand-drawn SVGs instead of the kit's ErrorBlock images (~10 KB each): these pages are
// placeholders and error states, they should cost next to nothing.

export function ConstructionImage() {
  return (
    <svg viewBox="0 0 120 120" width="100%" height="100%" aria-hidden="true">
      <circle cx="60" cy="60" r="52" fill="#f5f7fa" />
      <path d="M60 26 80 88H40z" fill="#ff8f1f" />
      <path d="M53 48h14l3 9H50zM48 66h24l3 9H45z" fill="#fff" />
      <rect x="32" y="86" width="56" height="8" rx="3" fill="#e8590c" />
    </svg>
  );
}

export function LostImage() {
  return (
    <svg viewBox="0 0 120 120" width="100%" height="100%" aria-hidden="true">
      <circle cx="60" cy="60" r="52" fill="#f5f7fa" />
      <rect x="34" y="24" width="44" height="60" rx="4" fill="#fff" stroke="#c7d0dc" strokeWidth="3" />
      <path d="M43 40h26M43 50h26M43 60h14" stroke="#dde3ea" strokeWidth="4" strokeLinecap="round" />
      <circle cx="74" cy="74" r="13" fill="#fff" stroke="#1677ff" strokeWidth="5" />
      <path d="m84 84 10 10" stroke="#1677ff" strokeWidth="6" strokeLinecap="round" />
    </svg>
  );
}

/** An empty tray: nothing to list yet. */
export function EmptyImage() {
  return (
    <svg viewBox="0 0 120 120" width="100%" height="100%" aria-hidden="true">
      <circle cx="60" cy="60" r="52" fill="#f5f7fa" />
      <path d="M28 66 40 40h40l12 26v20a4 4 0 0 1-4 4H32a4 4 0 0 1-4-4z" fill="#fff" stroke="#c7d0dc" strokeWidth="3" />
      <path d="M28 66h20l4 8h16l4-8h20" fill="none" stroke="#c7d0dc" strokeWidth="3" strokeLinejoin="round" />
    </svg>
  );
}

/** A cloud cut off: the network or the service did not answer. */
export function DisconnectedImage() {
  return (
    <svg viewBox="0 0 120 120" width="100%" height="100%" aria-hidden="true">
      <circle cx="60" cy="60" r="52" fill="#f5f7fa" />
      <path
        d="M40 80a14 14 0 0 1 1-28 20 20 0 0 1 38-4 14 14 0 0 1 3 32z"
        fill="#fff"
        stroke="#c7d0dc"
        strokeWidth="3"
      />
      <path d="m36 40 48 48" stroke="#ff8f1f" strokeWidth="5" strokeLinecap="round" />
    </svg>
  );
}
