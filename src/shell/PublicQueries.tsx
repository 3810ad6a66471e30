import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '../data/queryClient';

/**
 * react-query for the signed-out pages that read data (Register's terms, the password and email
 * links' checks), a chunk of its own: the Login form sends without it, so the sign-in page's first
 * chunk carries none of react-query (issue 59). The same client as the app's (App.tsx).
 */
export default function PublicQueries({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
