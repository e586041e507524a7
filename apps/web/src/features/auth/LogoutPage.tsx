import { Center, Loader } from '@mantine/core';
import { useEffect } from 'react';
import { clearSession, getSession } from '../../session/session.ts';
import { logoutCall } from './auth.api.ts';

/** /logout: ends the session on the server, clears it here and returns to the site root. */
export default function LogoutPage() {
  useEffect(() => {
    const done = () => {
      clearSession();
      window.location.replace('/');
    };
    if (getSession()) logoutCall().then(done, done);
    else done();
  }, []);
  return (
    <Center mih="100vh">
      <Loader />
    </Center>
  );
}
