import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { Showcase, ShowcaseFormValues, ShowcaseImage } from '@showcase/schema';
import { parseTags, TAG_PATTERN } from '@showcase/schema';
import { ShowcaseCard } from '../../../components/showcases/showcase-card';

type CardPreviewProps = {
  id: string;
  values: ShowcaseFormValues;
  images: ShowcaseImage[];
  legacyImage: Pick<Showcase, 'imageUrl' | 'imageAlt'>;
  ownerUid: string;
  ownerName: string;
  likeCount: number;
};

/**
 * The gallery's own card drawn from what the form holds now, as it will appear once published.
 * It is `inert`: a picture of the card, not a second link or tab stop in the form.
 */
export function CardPreview({
  id,
  values,
  images,
  legacyImage,
  ownerUid,
  ownerName,
  likeCount,
}: CardPreviewProps) {
  const showcase: Showcase = {
    id,
    title: values.title.trim(),
    description: values.description.trim(),
    url: values.url.trim(),
    images,
    ...legacyImage,
    // Only tags that will be saved: a typo shows in the field's message, not on the card.
    tags: parseTags(values.tags).filter((tag) => TAG_PATTERN.test(tag)),
    searchTerms: [],
    status: 'published',
    ownerUid,
    ownerName,
    createdAt: null,
    updatedAt: null,
    likeCount,
    commentCount: 0,
    pending: false,
  };
  return (
    <Box component="section" aria-labelledby="card-preview-heading">
      <Typography id="card-preview-heading" component="h2" variant="h6" sx={{ mb: 1.5 }}>
        Card preview
      </Typography>
      <Box inert data-card-preview sx={{ maxWidth: 360 }}>
        <ShowcaseCard showcase={showcase} headingLevel="h3" />
      </Box>
    </Box>
  );
}
