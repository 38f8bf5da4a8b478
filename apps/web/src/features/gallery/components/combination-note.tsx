import Typography from '@mui/material/Typography';

/**
 * Under the controls while a search and a tag are combined: the tag is applied here, to the
 * search results, because Firestore can match only one of them per query. Loaded only then, as
 * the makers a search finds are: `/` has no room for words most readers never see.
 */
export function CombinationNote({ tag }: { tag: string }) {
  return (
    <Typography variant="body2" color="text.secondary" id="gallery-combination-note">
      Showing search results tagged #{tag} only. The server searches by one word or one tag at a
      time, so the tag is checked here and results may take a moment longer to fill.
    </Typography>
  );
}
