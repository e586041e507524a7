import { ModalsProvider } from '@mantine/modals';
import { useEffect } from 'react';

/**
 * The app's one ModalsProvider (app/modals.tsx loads it). Modals opened with `modals.*` render
 * here, outside the router and the query provider: their contents are plain (a text, a link).
 */
export default function ModalsHost({ onReady }: { onReady: () => void }) {
  // The provider listens for `modals.*` from a layout effect, which runs before this one.
  useEffect(onReady, [onReady]);
  return <ModalsProvider modalProps={{ closeOnClickOutside: false }} />;
}
