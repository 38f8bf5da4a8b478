import Box from '@mui/material/Box';

/** The product's four-tile mark, drawn in the theme's primary colour. */
export function BrandMark({ size = 28 }: { size?: number }) {
  return (
    <Box
      component="svg"
      viewBox="0 0 64 64"
      aria-hidden="true"
      sx={{ width: size, height: size, color: 'primary.main', flexShrink: 0 }}
    >
      <rect width="64" height="64" rx="14" fill="currentColor" />
      <g fill="#fff">
        <rect x="14" y="14" width="16" height="16" rx="3" />
        <rect x="34" y="14" width="16" height="16" rx="3" opacity=".7" />
        <rect x="14" y="34" width="16" height="16" rx="3" opacity=".7" />
        <rect x="34" y="34" width="16" height="16" rx="3" />
      </g>
    </Box>
  );
}
