import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import type { FormEvent } from 'react';
import { useId, useState } from 'react';
import {
  REPORT_NOTE_MAX,
  REPORT_REASONS,
  REPORT_REASON_LABELS,
  validateReport,
} from '@showcase/schema';
import { useNotify } from '../../../components/feedback/notifier';
import { describeError } from '../../../lib/errors';
import { createReport } from '../../../lib/firebase/reports';
import { useFirestore } from '../../../lib/firebase/use-snapshot';

/** A reason from the short list and an optional note; the report goes where only moderators read. */
export function ReportDialog({
  open,
  target,
  what,
  reporterUid,
  onClose,
}: {
  open: boolean;
  target: string;
  what: 'showcase' | 'comment';
  reporterUid: string;
  onClose(): void;
}) {
  const db = useFirestore();
  const notify = useNotify();
  const id = useId();
  const [reason, setReason] = useState('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    setReason('');
    setNote('');
    setError(null);
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = validateReport({ target, reason, note });
    if (!checked.ok) {
      setError(checked.error);
      return;
    }
    // Offline the SDK keeps it queued and sends it once; the thanks need not wait for that.
    createReport(db, reporterUid, checked.value).catch((failure: unknown) =>
      notify({
        severity: 'error',
        message: `Your report was not sent. ${describeError(failure).message}`,
      }),
    );
    notify({
      severity: 'success',
      message: 'Thanks for reporting. A moderator will look at it.',
    });
    close();
  };

  const reasonError = error !== null && reason === '';
  return (
    <Dialog open={open} onClose={close} aria-labelledby={`${id}-title`}>
      <DialogTitle id={`${id}-title`}>Report this {what}</DialogTitle>
      <form onSubmit={submit} noValidate>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            Only the moderators see reports; the {what === 'showcase' ? 'maker' : 'author'} is not
            told who sent one.
          </DialogContentText>
          <FormControl error={reasonError} required>
            <FormLabel id={`${id}-reason`}>Reason</FormLabel>
            <RadioGroup
              aria-labelledby={`${id}-reason`}
              name="reason"
              value={reason}
              onChange={(event) => {
                setReason(event.target.value);
                setError(null);
              }}
            >
              {REPORT_REASONS.map((value) => (
                <FormControlLabel
                  key={value}
                  value={value}
                  control={<Radio />}
                  label={REPORT_REASON_LABELS[value]}
                />
              ))}
            </RadioGroup>
            {reasonError ? <FormHelperText>{error}</FormHelperText> : null}
          </FormControl>
          <TextField
            label="Note (optional)"
            multiline
            minRows={2}
            fullWidth
            margin="normal"
            value={note}
            onChange={(event) => {
              setNote(event.target.value);
              setError(null);
            }}
            error={error !== null && !reasonError}
            helperText={
              error !== null && !reasonError
                ? error
                : `${[...note].length.toLocaleString()} / ${REPORT_NOTE_MAX.toLocaleString()}`
            }
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>Cancel</Button>
          <Button type="submit" variant="contained">
            Send report
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
