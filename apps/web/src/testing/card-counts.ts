/**
 * Records every number of cards the screen shows from now on, so a test can tell "came back
 * with 48" from "came back with 24 and grew to 48" (a refetch page by page), or see a list that
 * blanked while it grew.
 */
export function recordCardCounts(): { counts: () => number[]; stop: () => void } {
  const seen: number[] = [];
  const note = () => {
    const count = document.querySelectorAll('main article').length;
    if (seen.at(-1) !== count) seen.push(count);
  };
  const observer = new MutationObserver(note);
  observer.observe(document.body, { childList: true, subtree: true });
  return { counts: () => [...seen], stop: () => observer.disconnect() };
}
