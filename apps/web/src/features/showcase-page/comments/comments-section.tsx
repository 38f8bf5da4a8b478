import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import FlagOutlined from '@mui/icons-material/FlagOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { FormEvent } from 'react';
import { Fragment, memo, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import type { ShowcaseComment } from '@showcase/schema';
import { COMMENT_TEXT_MAX, commentTarget, validateCommentText } from '@showcase/schema';
import { ConfirmDialog } from '../../../components/feedback/confirm-dialog';
import { useNotify } from '../../../components/feedback/notifier';
import { PendingChip } from '../../../components/showcases/pending-chip';
import { RelativeTime } from '../../../components/showcases/relative-time';
import { UserAvatar } from '../../../components/user-avatar';
import { paths, hrefs } from '../../../config/paths';
import { describeError } from '../../../lib/errors';
import {
  COMMENTS_PAGE,
  addComment,
  commentsQuery,
  deleteComment,
} from '../../../lib/firebase/comments';
import { publicNameOf, userProfileRef } from '../../../lib/firebase/profiles';
import { useDocSnapshot, useFirestore, useQuerySnapshot } from '../../../lib/firebase/use-snapshot';
import type { SessionUser } from '../../../lib/session';
import { useViewer } from '../../../lib/session';
import { parseDescription } from '../../../lib/showcases/description';
import { commentsLabel, displayOwner } from '../../../lib/showcases/format';
import { locationPath, signInFirst } from '../../../utils/return-to';
import { DescriptionLineView } from '../components/showcase-description';
import { ReportButton } from '../components/report-button';
import { COMMENT_FIELD_ID, readCommentDraft, writeCommentDraft } from './comment-draft';

export type CommentsShowcase = {
  id: string;
  ownerUid: string;
  title: string;
  commentCount: number;
};

/**
 * A published showcase's comments, live: the newest `COMMENTS_PAGE` first loaded, shown oldest
 * to newest (a conversation reads down), with **Show older comments** growing the live limit;
 * **Add a comment** and **Post** below them.
 */
export const CommentsSection = memo(function CommentsSection({
  showcase,
}: {
  showcase: CommentsShowcase;
}) {
  const viewer = useViewer();
  const [max, setMax] = useState(COMMENTS_PAGE);
  const [attempt, setAttempt] = useState(0);
  // The same family keeps the loaded comments on screen while a larger limit starts listening.
  const result = useQuerySnapshot(commentsQuery, [showcase.id, max], {
    family: showcase.id,
    attempt,
  });
  const loaded = result.data;
  const shown = useMemo(() => (loaded ? [...loaded].reverse() : []), [loaded]);
  const isOwner = viewer !== null && !viewer.isAnonymous && viewer.uid === showcase.ownerUid;
  // A full page may have more behind it; the counter says whether it does.
  const hasOlder =
    loaded !== undefined && loaded.length >= max && showcase.commentCount > loaded.length;

  return (
    <Stack component="section" aria-labelledby="comments-heading" sx={{ gap: 2 }}>
      <Typography id="comments-heading" component="h2" variant="h5">
        Comments
        {showcase.commentCount > 0 ? (
          <Typography component="span" color="text.secondary" sx={{ ml: 1 }}>
            ({commentsLabel(showcase.commentCount)})
          </Typography>
        ) : null}
      </Typography>

      {result.status === 'error' && loaded === undefined ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" onClick={() => setAttempt((value) => value + 1)}>
              Retry
            </Button>
          }
        >
          Comments could not be loaded. {describeError(result.error).message}
        </Alert>
      ) : null}

      {hasOlder ? (
        <Box>
          <Button
            variant="text"
            onClick={() => setMax((value) => value + COMMENTS_PAGE)}
            disabled={result.stale}
          >
            Show older comments
          </Button>
        </Box>
      ) : null}

      {result.status === 'loading' ? (
        <Box sx={{ display: 'grid', placeItems: 'center', py: 2 }}>
          <CircularProgress size={28} aria-label="Loading comments" />
        </Box>
      ) : shown.length > 0 ? (
        <Stack component="ol" aria-label="Comments" sx={{ listStyle: 'none', p: 0, m: 0, gap: 2 }}>
          {shown.map((comment) => (
            <CommentItem
              key={comment.id}
              comment={comment}
              viewer={viewer}
              canDelete={
                viewer !== null &&
                !viewer.isAnonymous &&
                (comment.authorUid === viewer.uid || isOwner)
              }
              showcaseTitle={showcase.title}
            />
          ))}
        </Stack>
      ) : result.status === 'success' ? (
        <Typography color="text.secondary">No comments yet.</Typography>
      ) : null}

      <CommentComposer showcase={showcase} viewer={viewer} />
    </Stack>
  );
}, sameCommentsShowcase);

/**
 * The page passes a fresh object on every snapshot of its showcase: a like re-renders the page,
 * and only these four fields concern the comments.
 */
function sameCommentsShowcase(
  before: { showcase: CommentsShowcase },
  after: { showcase: CommentsShowcase },
): boolean {
  const a = before.showcase;
  const b = after.showcase;
  return (
    a.id === b.id &&
    a.ownerUid === b.ownerUid &&
    a.title === b.title &&
    a.commentCount === b.commentCount
  );
}

type ItemProps = {
  comment: ShowcaseComment;
  viewer: SessionUser | null;
  canDelete: boolean;
  showcaseTitle: string;
};

const CommentItem = memo(function CommentItem({ comment, viewer, canDelete }: ItemProps) {
  const db = useFirestore();
  const notify = useNotify();
  const [confirming, setConfirming] = useState(false);
  const name = displayOwner(comment.authorName);
  // The author's photo from their public profile (one small listener per comment; the SDK
  // shares one target between comments of the same author).
  const profile = useDocSnapshot(userProfileRef, [comment.authorUid]);
  const photoURL = profile.data?.photoURL ?? null;
  const paragraphs = useMemo(() => parseDescription(comment.text), [comment.text]);
  const isAuthor = viewer !== null && viewer.uid === comment.authorUid;

  const remove = () => {
    setConfirming(false);
    // The list drops it at once from the local cache; a refusal puts it back and says why.
    deleteComment(db, comment.showcaseId, comment.id).catch((error: unknown) =>
      notify({
        severity: 'error',
        message: `The comment was not deleted. ${describeError(error).message}`,
      }),
    );
  };

  return (
    <Box component="li" aria-label={`Comment by ${name}`} data-comment-id={comment.id}>
      <Stack direction="row" sx={{ gap: 1.5, alignItems: 'flex-start' }}>
        <UserAvatar user={{ displayName: name, email: null, photoURL, isAnonymous: false }} />
        <Stack sx={{ gap: 0.5, minWidth: 0, flexGrow: 1 }}>
          <Stack direction="row" sx={{ gap: 1, alignItems: 'baseline', flexWrap: 'wrap' }}>
            <Link
              component={RouterLink}
              to={hrefs.userProfile(comment.authorUid)}
              sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
            >
              {name}
            </Link>
            {comment.createdAt ? (
              <Typography component="span" variant="body2" color="text.secondary">
                <RelativeTime date={comment.createdAt} />
              </Typography>
            ) : null}
            {comment.pending ? <PendingChip label="Sending" /> : null}
          </Stack>
          {paragraphs.map((lines, index) => (
            // Paragraphs and lines have no identity beyond their place.
            <Typography
              key={index}
              variant="body2"
              sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
            >
              {lines.map((line, lineIndex) => (
                <Fragment key={lineIndex}>
                  {lineIndex > 0 ? <br /> : null}
                  <DescriptionLineView line={line} />
                </Fragment>
              ))}
            </Typography>
          ))}
          <Stack direction="row" sx={{ gap: 1 }}>
            {canDelete ? (
              <Button
                size="small"
                color="error"
                startIcon={<DeleteOutlined />}
                onClick={() => setConfirming(true)}
                aria-label={`Delete comment by ${name}`}
              >
                Delete
              </Button>
            ) : null}
            {!isAuthor ? (
              <ReportButton
                target={commentTarget(comment.showcaseId, comment.id)}
                what="comment"
                size="small"
                icon={<FlagOutlined />}
                accessibleName={`Report comment by ${name}`}
              />
            ) : null}
          </Stack>
        </Stack>
      </Stack>
      {canDelete ? (
        <ConfirmDialog
          open={confirming}
          title="Delete this comment?"
          text={
            isAuthor
              ? 'Your comment is removed for everyone. This cannot be undone.'
              : `${name}'s comment is removed for everyone. This cannot be undone.`
          }
          confirmLabel="Delete"
          color="error"
          onCancel={() => setConfirming(false)}
          onConfirm={remove}
        />
      ) : null}
    </Box>
  );
});

/**
 * **Add a comment** and **Post**. Anyone may type; a visitor's or guest's Post goes to sign in
 * (or create an account) and comes back here with the text kept (see comment-draft.ts).
 */
function CommentComposer({
  showcase,
  viewer,
}: {
  showcase: CommentsShowcase;
  viewer: SessionUser | null;
}) {
  const db = useFirestore();
  const notify = useNotify();
  const navigate = useNavigate();
  const location = useLocation();
  const hintId = useId();
  const field = useRef<HTMLTextAreaElement>(null);
  const [text, setText] = useState(() => readCommentDraft(showcase.id));
  const [error, setError] = useState<string | null>(null);
  const isMember = viewer !== null && !viewer.isAnonymous;

  // Back from sign-in (or a link to #add-comment): the reader lands in the field, caret at the end.
  useEffect(() => {
    if (location.hash !== `#${COMMENT_FIELD_ID}`) return;
    const input = field.current;
    if (input === null) return;
    input.focus({ preventScroll: true });
    input.setSelectionRange(input.value.length, input.value.length);
    input.scrollIntoView({ block: 'center' });
  }, [location.hash]);

  const change = (value: string) => {
    setText(value);
    setError(null);
    writeCommentDraft(showcase.id, value);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!isMember) {
      const back = `${locationPath({ ...location, hash: '' })}#${COMMENT_FIELD_ID}`;
      const wayIn =
        viewer?.isAnonymous === true
          ? { to: paths.signUp, state: { from: back } }
          : signInFirst(back);
      void navigate(wayIn.to, { state: wayIn.state });
      return;
    }
    const checked = validateCommentText(text);
    if (!checked.ok) {
      setError(checked.error);
      field.current?.focus();
      return;
    }
    // The comment shows at once (pending) from the local cache; offline it stays queued, and the
    // SDK sends it once when back. The field empties now, so a second Post cannot repeat it.
    const { written } = addComment(
      db,
      { id: showcase.id, ownerUid: showcase.ownerUid, title: showcase.title },
      { uid: viewer.uid, name: publicNameOf(viewer) },
      checked.value,
    );
    change('');
    written.catch((failure: unknown) => {
      // Refused: the SDK has taken it off the list; the text comes back unless something new
      // was typed meanwhile.
      setText((current) => {
        if (current.length > 0) return current;
        writeCommentDraft(showcase.id, checked.value);
        return checked.value;
      });
      notify({
        severity: 'error',
        message: `Your comment was not posted. ${describeError(failure).message}`,
      });
    });
  };

  const hint = isMember
    ? null
    : viewer?.isAnonymous === true
      ? 'Create an account to comment: you keep this guest session and what you typed.'
      : 'Sign in to comment. What you type is kept.';

  return (
    <Stack component="form" noValidate onSubmit={submit} sx={{ gap: 1 }}>
      <TextField
        id={COMMENT_FIELD_ID}
        inputRef={field}
        label="Add a comment"
        multiline
        minRows={2}
        maxRows={10}
        value={text}
        onChange={(event) => change(event.target.value)}
        error={error !== null}
        helperText={
          error ?? `${[...text].length.toLocaleString()} / ${COMMENT_TEXT_MAX.toLocaleString()}`
        }
        onKeyDown={(event) => {
          // Ctrl/Cmd+Enter posts; Enter alone is a new line.
          if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) submit(event);
        }}
        slotProps={{ htmlInput: { 'aria-describedby': hint ? hintId : undefined } }}
      />
      <Stack direction="row" sx={{ gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
        <Button type="submit" variant="contained">
          Post
        </Button>
        {hint ? (
          <Typography id={hintId} variant="body2" color="text.secondary">
            {hint}
          </Typography>
        ) : null}
      </Stack>
    </Stack>
  );
}
