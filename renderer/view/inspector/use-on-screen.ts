// Whether an element is in the viewport (any part of it), kept up to date as the page scrolls.
// True until the browser says otherwise, so a first render (and one without a DOM) draws as usual.

import { useEffect, useRef, useState } from 'react';
import type { RefObject } from 'react';

export function useOnScreen<E extends Element>(): readonly [RefObject<E | null>, boolean] {
  const ref = useRef<E>(null);
  const [onScreen, setOnScreen] = useState(true);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new IntersectionObserver((entries) => setOnScreen(entries.at(-1)!.isIntersecting));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, onScreen];
}
