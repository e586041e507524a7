import { Center, Loader } from '@mantine/core';
import { useEffect } from 'react';
import { clearSession, getSession } from '../../session/session.ts';
import { logoutCall } from './auth.api.ts';

/**
 * /logout: ends the session on the server, clears it here (every tab of the browser leaves too) and
 * returns to the site root; a session opened through single sign-on goes on to the identity
 * provider's end-session page, which comes back to /login (docs/access.md).
 */
export default function LogoutPage() {
  useEffect(() => {
    const done = (endSessionUrl?: string) => {
      clearSession();
      window.location.replace(endSessionUrl ?? '/');
    };
    if (getSession())
      logoutCall().then(
        (r) => done(r.endSessionUrl),
        () => done(),
      );
    else done();
  }, []);
  return (
    <Center mih="100vh">
      <Loader />
    </Center>
  );
}
