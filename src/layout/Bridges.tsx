import { useEffect } from 'react';
import { Alert } from '@mui/material';
import { useNotify } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { session } from '../session/session';
import { setNotifier } from '../session/notifier';

/**
 * Hands react-router's navigate and react-admin's notify to the framework-free session and HTTP
 * layers, which must send the user to Login or raise a growl from outside React.
 */
export function Bridges() {
  const navigate = useNavigate();
  const notify = useNotify();
  useEffect(() => {
    session.navigate = (path) => navigate(path);
  }, [navigate]);
  useEffect(() => {
    // The text is already translated, so it goes in as an element (a string would be looked up as a
    // key again); react-admin shows an element bare, so the element carries the growl's own colours.
    setNotifier((message, type) =>
      notify(
        <Alert variant="filled" severity={type} data-testid="growl-message" sx={{ minWidth: 288, boxShadow: 6 }}>
          {message}
        </Alert>,
        { type },
      ),
    );
    return () => setNotifier(null);
  }, [notify]);
  return null;
}
