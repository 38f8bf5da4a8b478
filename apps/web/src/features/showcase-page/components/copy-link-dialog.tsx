import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';

type CopyLinkDialogProps = {
  open: boolean;
  url: string;
  /** The user copied the link (keyboard, context menu or the browser's Edit menu). */
  onCopied(): void;
  onClose(): void;
};

/**
 * When the browser would not copy: the link, selected, for the user to copy themselves.
 * A plain read-only input rather than the kit's text field, whose weight every showcase page
 * would carry for a dialog most people never see.
 */
export function CopyLinkDialog({ open, url, onCopied, onClose }: CopyLinkDialogProps) {
  const id = useId();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id={`${id}-title`}>Copy this link</DialogTitle>
      <DialogContent>
        <DialogContentText id={`${id}-text`} sx={{ mb: 2 }}>
          This browser did not let Showcase copy it. The link is selected: copy it with Ctrl+C (⌘C
          on a Mac) or your device&apos;s Copy command.
        </DialogContentText>
        <Box
          component="label"
          htmlFor={`${id}-url`}
          sx={{ display: 'block', mb: 0.5, typography: 'body2', color: 'text.secondary' }}
        >
          Link to this showcase
        </Box>
        <Box
          component="input"
          id={`${id}-url`}
          type="url"
          value={url}
          readOnly
          spellCheck={false}
          autoFocus
          onFocus={(event) => event.currentTarget.select()}
          onCopy={onCopied}
          sx={{
            boxSizing: 'border-box',
            width: '100%',
            px: 1.5,
            py: 1.25,
            font: 'inherit',
            typography: 'body1',
            color: 'text.primary',
            bgcolor: 'background.paper',
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: 1 },
          }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Done</Button>
      </DialogActions>
    </Dialog>
  );
}
