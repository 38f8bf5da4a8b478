import type MuiTooltip from '@mui/material/Tooltip';
import type { ReactElement, Ref } from 'react';
import { cloneElement, useEffect, useRef, useState } from 'react';
import { loadOnce } from '../utils/load-once';
import { whenIdle } from '../utils/when-idle';

type Tooltip = typeof MuiTooltip;

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
  const [LoadedTooltip, setLoadedTooltip] = useState<Tooltip | null>(() => tooltipCode.current());
  const element = useRef<HTMLElement | null>(null);
  const refocus = useRef(false);
  useEffect(() => {
    if (LoadedTooltip) return undefined;
    let mounted = true;
    const cancel = whenIdle(() => {
      tooltipCode
        .load()
        .then((tooltip) => {
          if (!mounted) return;
          refocus.current = element.current !== null && element.current === document.activeElement;
          setLoadedTooltip(() => tooltip);
        })
        .catch(() => undefined);
    });
    return () => {
      mounted = false;
      cancel();
    };
  }, [LoadedTooltip]);

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
