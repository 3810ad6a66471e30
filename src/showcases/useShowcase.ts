import { useEffect, useState } from 'react';
import { HttpError } from '../http';
import { getShowcase, type Post } from './api';

export interface ShowcaseState {
  post: Post | undefined;
  /** Unknown slug, or a draft the reader may not see: the page shows the app's 404. */
  notFound: boolean;
  failed: boolean;
}

/** Loads one post by slug; a 404 is "not found", any other failure "failed" (not growled: the page says so). */
export function useShowcase(slug: string | null | undefined): ShowcaseState {
  const [state, setState] = useState<ShowcaseState>({ post: undefined, notFound: false, failed: false });
  useEffect(() => {
    if (!slug) return;
    let live = true;
    setState({ post: undefined, notFound: false, failed: false });
    getShowcase(slug)
      .then((post) => live && post && setState({ post, notFound: false, failed: false }))
      .catch((error: unknown) => {
        if (!live) return;
        const notFound = error instanceof HttpError && error.status === 404;
        setState({ post: undefined, notFound, failed: !notFound });
      });
    return () => {
      live = false;
    };
  }, [slug]);
  return state;
}
