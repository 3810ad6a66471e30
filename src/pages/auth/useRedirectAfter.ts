import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';

/** Spec section 9: after a successful password reset, Login follows after 2 seconds. */
export const REDIRECT_AFTER_MS = 2000;

/** Navigates to `path` REDIRECT_AFTER_MS after `when` turns true. */
export function useRedirectAfter(when: boolean, path: string): void {
  const navigate = useNavigate();
  useEffect(() => {
    if (!when) return;
    const timer = setTimeout(() => navigate(path, { replace: true }), REDIRECT_AFTER_MS);
    return () => clearTimeout(timer);
  }, [when, path, navigate]);
}
