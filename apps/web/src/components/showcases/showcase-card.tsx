import FavoriteBorder from '@mui/icons-material/FavoriteBorder';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { memo } from 'react';
import { Link as RouterLink } from 'react-router';
import { hrefs } from '../../config/paths';
import type { Showcase } from '@showcase/schema';
import { useViewer } from '../../lib/session';
import { commentsLabel, displayOwner, displayTitle, likesLabel } from '../../lib/showcases/format';
import { showcaseDisplayImages } from '../../lib/showcases/showcase-images';
import { LikeButton } from './like-button';
import { SaveButton } from './save-button';
import { PendingChip } from './pending-chip';
import { RelativeTime } from './relative-time';
import type { ImagePlacement } from '../../lib/showcases/grid-steps';
import { ShowcaseImage } from './showcase-image';
import { TagChips } from './tag-chips';

/** A Like button's height (the theme's buttons are at least 40 px): the count alone keeps it. */
const LIKE_ROW_HEIGHT = 40;

/** The title's two lines, reserved even for a short title, so cards in a row line up. */
const titleSx = {
  overflowWrap: 'anywhere',
  display: '-webkit-box',
  WebkitLineClamp: 2,
  WebkitBoxOrient: 'vertical',
  overflow: 'hidden',
  lineHeight: 1.4,
  minHeight: '2.8em',
} as const;

/**
 * One showcase in a grid. Every user-written value is rendered as text. The image and title are
 * one link to the showcase; tags and Like sit below it, outside the link, so pressing them never
 * navigates. Tab stops at the card's link and at Like, never at each tag chip.
 */
export const ShowcaseCard = memo(function ShowcaseCard({
  showcase,
  headingLevel = 'h2',
  imagePlacement = 'later',
  likeable = false,
}: {
  showcase: Showcase;
  headingLevel?: 'h2' | 'h3';
  /** Where the card's image sits when the page first paints. */
  imagePlacement?: ImagePlacement;
  /**
   * Offer Like on this card (its own listener on the viewer's like, as on the showcase's page).
   * Without it the card shows only the count.
   */
  likeable?: boolean;
}) {
  const viewer = useViewer();
  const { id, title, ownerName, createdAt, likeCount, commentCount, tags, pending, status } =
    showcase;
  // The cover leads the card, in the grid's one media ratio (cropped the same way at every width).
  const cover = showcaseDisplayImages(showcase)[0] ?? null;
  // Owners cannot like their own work (as on the showcase's page): they see the count.
  const isOwner = viewer !== null && !viewer.isAnonymous && viewer.uid === showcase.ownerUid;
  const offersLike = likeable && status === 'published' && !isOwner;
  return (
    <Card
      component="article"
      aria-labelledby={`showcase-${id}-title`}
      data-showcase-id={id}
      sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}
    >
      <CardActionArea
        component={RouterLink}
        to={hrefs.showcase(id)}
        sx={{ flexGrow: 1, alignItems: 'stretch' }}
      >
        <ShowcaseImage
          image={cover}
          title={title}
          alt={cover?.alt ?? ''}
          frame="card"
          placement={imagePlacement}
        />
        <CardContent sx={{ pb: 1 }}>
          <Typography
            id={`showcase-${id}-title`}
            component={headingLevel}
            variant="h6"
            sx={titleSx}
          >
            {displayTitle(title)}
          </Typography>
          <Typography variant="body2" color="text.secondary" noWrap>
            by {displayOwner(ownerName)}
            {createdAt ? (
              <>
                {' · '}
                <RelativeTime date={createdAt} />
              </>
            ) : null}
            {/* On the by-line, which never wraps: the Like row is full at four cards a row.
                Words, not an icon: the gallery's first script has no room for one more. */}
            {commentCount > 0 ? (
              <span data-card-comments="">
                {' · '}
                {commentsLabel(commentCount)}
              </span>
            ) : null}
          </Typography>
        </CardContent>
      </CardActionArea>
      <Stack sx={{ px: 2, pb: 1.5, gap: 1 }}>
        {/* Rows of fixed height, so cards side by side line up row by row: a card without
            tags keeps their line, and the count alone is as tall as Like. */}
        <Box data-card-row="tags" sx={{ minHeight: 24, display: 'flex', minWidth: 0 }}>
          <TagChips tags={tags} max={3} tabbable={false} oneLine />
        </Box>
        {/* Like and the count on a line of their own, so they fit beside nothing at 360 px. */}
        <Stack
          direction="row"
          data-card-row="actions"
          sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap', minHeight: LIKE_ROW_HEIGHT }}
        >
          <Box sx={{ flexGrow: 1, minWidth: 0 }}>
            {offersLike ? (
              <LikeButton
                showcaseId={id}
                showcase={{ ownerUid: showcase.ownerUid, title }}
                likeCount={likeCount}
                uid={viewer?.uid ?? null}
                isGuest={viewer?.isAnonymous ?? false}
                cardTitle={title}
              />
            ) : (
              <Stack
                direction="row"
                sx={{ alignItems: 'center', gap: 0.5, color: 'text.secondary' }}
                aria-label={likesLabel(likeCount)}
                role="img"
              >
                <FavoriteBorder fontSize="small" aria-hidden />
                <Typography variant="body2" component="span" aria-hidden>
                  {likeCount.toLocaleString()}
                </Typography>
              </Stack>
            )}
          </Box>
          {offersLike ? (
            <SaveButton showcaseId={id} uid={viewer?.uid ?? null} cardTitle={title} />
          ) : null}
          {status === 'draft' ? <Chip size="small" label="Draft" /> : null}
          {pending ? <PendingChip /> : null}
        </Stack>
      </Stack>
    </Card>
  );
});
