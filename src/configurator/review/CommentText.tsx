import Box from '@mui/material/Box';
import { useMemo } from 'react';
import { commentHtml } from './mentions';

/** A comment's body: its markdown rendered escaped (as the portal renders markdown), mentions as bold "@Name". */
export function CommentText({ body }: { body: string }) {
  const html = useMemo(() => commentHtml(body), [body]);
  return (
    <Box
      className="comment-text"
      sx={{ typography: 'body2', wordBreak: 'break-word', '& p': { my: 0.5 }, '& ul, & ol': { my: 0.5, pl: 2.5 }, '& .mention': { color: 'primary.dark' } }}
      // commentHtml escapes raw HTML and unsafe links (engine renderMarkdown).
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
