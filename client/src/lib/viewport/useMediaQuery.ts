// Whether a CSS media query holds now, following its changes.
import { useEffect, useMemo, useState } from 'react';

export function useMediaQuery(query: string): boolean {
  const media = useMemo(
    () => (typeof window !== 'undefined' && window.matchMedia ? window.matchMedia(query) : null),
    [query],
  );
  const [matches, setMatches] = useState(media?.matches ?? false);
  useEffect(() => {
    if (!media) return;
    const onChange = () => setMatches(media.matches);
    onChange();
    media.addEventListener('change', onChange);
    return () => media.removeEventListener('change', onChange);
  }, [media]);
  return matches;
}
