import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Fragment, useMemo } from 'react';
import type { DescriptionLine } from '../../../lib/showcases/description';
import { parseDescription } from '../../../lib/showcases/description';

/**
 * A showcase's description, readable: its paragraphs, its line breaks and its bare web
 * addresses as links. Everything is rendered as React text; nothing the owner typed is markup.
 */
export function ShowcaseDescription({ text }: { text: string }) {
  const paragraphs = useMemo(() => parseDescription(text), [text]);
  if (paragraphs.length === 0) return null;
  return (
    <Stack data-testid="showcase-description" sx={{ gap: 2 }}>
      {paragraphs.map((lines, index) => (
        // Paragraphs, lines and segments have no identity beyond their place.
        <Typography key={index} sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {lines.map((line, lineIndex) => (
            <Fragment key={lineIndex}>
              {lineIndex > 0 ? <br /> : null}
              <DescriptionLineView line={line} />
            </Fragment>
          ))}
        </Typography>
      ))}
    </Stack>
  );
}

export function DescriptionLineView({ line }: { line: DescriptionLine }) {
  return line.map((segment, index) =>
    segment.kind === 'text' ? (
      <Fragment key={index}>{segment.text}</Fragment>
    ) : (
      <Link
        key={index}
        href={segment.href}
        target="_blank"
        // Owners write these links: no opener, no referrer, and no endorsement for search engines.
        rel="noopener noreferrer nofollow ugc"
        // Inside running text a link must not be told apart by its colour alone.
        underline="always"
      >
        {segment.text}
      </Link>
    ),
  );
}
