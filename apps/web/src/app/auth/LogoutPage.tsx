import { Center, Loader } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { logout } from './session';

/** /auth/logout and /logout: end the session, then login (APP-014, APP-023). */
export function LogoutPage() {
  const navigate = useNavigate();
  useEffect(() => {
    let active = true;
    void logout().then(() => {
      if (active) void navigate({ to: '/auth/login', replace: true });
    });
    return () => {
      active = false;
    };
  }, [navigate]);
  return (
    <Center h="100dvh">
      <Loader />
    </Center>
  );
}
