import type { ReactElement, Ref } from 'react';
import { cloneElement, useRef } from 'react';
import { useIdleLoaded } from '../hooks/use-idle-loaded';
import { loadOnce } from '../utils/load-once';

// MUI's Tooltip brings Popper and its positioning engine (about 14 KB gzip): the app bar's
// connection chip and the gallery's cards do not need them to paint, so they load when the
// browser is idle after that, once per page.
const tooltipCode = loadOnce(() =>
  import('@mui/material/Tooltip').then((module) => module.default),
);

type ChildProps = { 'aria-label'?: string; ref?: Ref<HTMLElement> };

/**
 * MUI's `Tooltip` (a plain-text `title`), with its code loaded after first paint. Until then the
 * child carries what Tooltip gives a closed tooltip's child: the title as its name, or with
 * `describeChild` as its `title` attribute; so a screen reader hears the same before and after.
 * When Tooltip arrives the child is rendered inside it; if it had the focus, it keeps it.
 */
export function DeferredTooltip({
  title,
  describeChild = false,
  children,
}: {
  title: string;
  describeChild?: boolean;
  children: ReactElement<ChildProps>;
}) {
  const element = useRef<HTMLElement | null>(null);
  const refocus = useRef(false);
  const { loaded: LoadedTooltip } = useIdleLoaded(tooltipCode, () => {
    refocus.current = element.current !== null && element.current === document.activeElement;
  });

  const ref = (node: HTMLElement | null) => {
    element.current = node;
    if (node && refocus.current) {
      refocus.current = false;
      node.focus();
    }
  };
  if (!LoadedTooltip) {
    const closed = describeChild
      ? { title }
      : children.props['aria-label'] === undefined
        ? { 'aria-label': title }
        : {};
    return cloneElement(children, { ...closed, ref });
  }
  return (
    <LoadedTooltip title={title} describeChild={describeChild}>
      {cloneElement(children, { ref })}
    </LoadedTooltip>
  );
}
