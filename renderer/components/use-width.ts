// The width of an element in whole CSS pixels, kept up to date as it is resized (a canvas is
// drawn to it). 0 until it is laid out.

import { useEffect, useRef, useState } from 'react';
import type { RefObject } from 'react';

export function useWidth<E extends HTMLElement>(): readonly [RefObject<E | null>, number] {
  const ref = useRef<E>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new ResizeObserver((entries) => setWidth(Math.floor(entries[0]!.contentRect.width)));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width];
}
