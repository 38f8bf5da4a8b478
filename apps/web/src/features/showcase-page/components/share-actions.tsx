import LinkOutlined from '@mui/icons-material/LinkOutlined';
import ShareOutlined from '@mui/icons-material/ShareOutlined';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useNotify } from '../../../components/feedback/notifier';
import type { ClipboardWays, ShareData } from '../share-link';
import { canShareLink, copyText, shareLink, showcaseShareUrl } from '../share-link';
import { CopyLinkDialog } from './copy-link-dialog';

const COPIED = 'Link copied';

/**
 * **Copy link**, and **Share** where the browser has a system share sheet for the link. Both
 * share the showcase's canonical address, not the current URL with whatever it carries.
 */
export function ShareActions({ id, title }: { id: string; title: string }) {
  const notify = useNotify();
  const [manualCopy, setManualCopy] = useState(false);
  // Also rendered at build time (the first paint's templates), where there is no browser: no
  // share sheet then, as on most desktops.
  const browser = typeof window === 'undefined' ? null : window;
  const data: ShareData = { title, url: showcaseShareUrl(browser?.location.origin ?? '', id) };

  const copy = async () => {
    const outcome = await copyText(data.url, browserClipboard());
    if (outcome === 'copied') notify({ severity: 'success', message: COPIED });
    else setManualCopy(true);
  };

  const share = async () => {
    const outcome = await shareLink(navigator, data);
    if (outcome !== 'failed') return;
    notify({
      severity: 'error',
      message: 'The share sheet could not be opened.',
      action: { label: 'Copy link', onClick: () => void copy() },
    });
  };

  return (
    <>
      <Button variant="outlined" startIcon={<LinkOutlined />} onClick={() => void copy()}>
        Copy link
      </Button>
      {browser !== null && canShareLink(browser.navigator, data) ? (
        <Button variant="outlined" startIcon={<ShareOutlined />} onClick={() => void share()}>
          Share
        </Button>
      ) : null}
      <CopyLinkDialog
        open={manualCopy}
        url={data.url}
        onCopied={() => {
          setManualCopy(false);
          notify({ severity: 'success', message: COPIED });
        }}
        onClose={() => setManualCopy(false)}
      />
    </>
  );
}

function browserClipboard(): ClipboardWays {
  // Missing on pages not served over https or from localhost, and in some embedded browsers.
  const clipboard = 'clipboard' in navigator ? navigator.clipboard : undefined;
  return {
    writeText: clipboard ? (text) => clipboard.writeText(text) : undefined,
    selectAndCopy,
  };
}

/**
 * The copy command browsers had before the Clipboard API (deprecated, still widely supported,
 * and the one that works on plain-http pages): copies the selection of a temporary text field.
 * Puts the focus back where it was.
 */
function selectAndCopy(text: string): boolean {
  const focused = document.activeElement;
  const field = document.createElement('textarea');
  field.value = text;
  field.setAttribute('readonly', '');
  field.setAttribute('aria-hidden', 'true');
  Object.assign(field.style, { position: 'fixed', top: '0', left: '-9999px', opacity: '0' });
  document.body.append(field);
  try {
    field.select();
    return document.execCommand('copy');
  } finally {
    field.remove();
    if (focused instanceof HTMLElement) focused.focus({ preventScroll: true });
  }
}
