import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { type FilePage, verifyPagePath } from './public.api.ts';

/**
 * For a page of a message's files: the security question of the message (answer missing, or its
 * cookie expired), then back to this very page. Replaces this history entry.
 */
export function useAskQuestion(origin: FilePage): (codeEmail: string) => void {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return useCallback(
    (codeEmail: string) => void navigate(verifyPagePath(codeEmail, { origin, back: pathname }), { replace: true }),
    [navigate, origin, pathname],
  );
}
