import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { session } from '../../session/session';
import { OverlayWhileMounted } from '../../layout/PageOverlay';

/** Logout (spec section 2): clears the session and goes to Login. */
export default function LogoutPage() {
  const navigate = useNavigate();
  useEffect(() => {
    let live = true;
    void session.logout().then(() => live && navigate('/login', { replace: true }));
    return () => {
      live = false;
    };
  }, [navigate]);
  return <OverlayWhileMounted />;
}
