/**
 * The widths to store for a source image: every listed width the source can fill (never an
 * upscale), and the source's own width alone when it is narrower than the smallest, so a small
 * image is kept at its size instead of being dropped or blown up.
 */
export function planImageWidths(sourceWidth: number, widths: readonly number[]): number[] {
  const sorted = [...widths].sort((a, b) => a - b);
  const fitting = sorted.filter((width) => width <= sourceWidth);
  return fitting.length > 0 ? fitting : [Math.max(1, Math.floor(sourceWidth))];
}

/** The height that keeps the source's aspect ratio at `width` (at least one pixel). */
export function heightAtWidth(sourceWidth: number, sourceHeight: number, width: number): number {
  return Math.max(1, Math.round((sourceHeight * width) / sourceWidth));
}

/** The largest box of at most `max` × `max` with the source's ratio (ThumbHash takes ≤ 100). */
export function fitWithin(
  sourceWidth: number,
  sourceHeight: number,
  max: number,
): { width: number; height: number } {
  const scale = Math.min(1, max / Math.max(sourceWidth, sourceHeight));
  return {
    width: Math.max(1, Math.round(sourceWidth * scale)),
    height: Math.max(1, Math.round(sourceHeight * scale)),
  };
}
