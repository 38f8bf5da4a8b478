import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import { PROFILE_PHOTO_WIDTHS, profilePhotoPath } from '@showcase/schema';
import { useEffect, useRef, useState } from 'react';
import { useNotify } from '../../../components/feedback/notifier';
import { describeError } from '../../../lib/errors';
import type { ImageProcessor } from '../../../lib/images';
import {
  ImageRefusedError,
  checkPickedFiles,
  createImageProcessor,
  imageRefusalMessage,
  profilePhotoPaths,
} from '../../../lib/images';
import type { SessionUser } from '../../../lib/session';
import { sessionActions } from '../../../lib/session';

/** The Storage SDK loads when a photo is changed or removed, not with /me. */
const loadStorage = () => import('../../../lib/firebase/storage');

/** The width whose URL becomes the account's `photoURL`: what every avatar draws. */
const PHOTO_URL_WIDTH = 320;

type PhotoState =
  | { phase: 'idle' }
  | { phase: 'working'; progress: number | null }
  | { phase: 'failed'; message: string };

/**
 * The member's photo: **Change photo** runs the same pipeline as showcase images (upright,
 * metadata stripped, WebP at the profile widths) and uploads under the member's profile path;
 * the 320 px URL becomes `photoURL` through the profile save (the Auth profile, which the shell
 * copies to `users/{uid}`). **Remove photo** clears it.
 */
export function ProfilePhoto({ user }: { user: SessionUser }) {
  const notify = useNotify();
  const input = useRef<HTMLInputElement>(null);
  const processor = useRef<ImageProcessor | null>(null);
  const [state, setState] = useState<PhotoState>({ phase: 'idle' });
  const working = state.phase === 'working';

  useEffect(
    () => () => {
      processor.current?.close();
      processor.current = null;
    },
    [],
  );

  const save = async (photoURL: string | null, message: string) => {
    const previous = profilePhotoPaths(user.photoURL, user.uid);
    await sessionActions().updateUserProfile({ displayName: user.displayName ?? '', photoURL });
    // The old photo's objects go once nothing points at them; a failure only leaves them behind.
    if (previous.length > 0)
      void loadStorage()
        .then(({ deleteImageObjects }) => deleteImageObjects(previous))
        .catch(() => undefined);
    setState({ phase: 'idle' });
    notify({ severity: 'success', message });
  };

  const change = async (file: File) => {
    const { refusals } = checkPickedFiles([file], 0, 1);
    if (refusals[0])
      return setState({ phase: 'failed', message: imageRefusalMessage(refusals[0]) });
    setState({ phase: 'working', progress: null });
    try {
      processor.current ??= createImageProcessor();
      const [image, { uploadImageObject }] = await Promise.all([
        processor.current.process(file, file.name, PROFILE_PHOTO_WIDTHS),
        loadStorage(),
      ]);
      const photoId = crypto.randomUUID().replaceAll('-', '').slice(0, 24);
      const total = image.sizes.reduce((sum, size) => sum + size.blob.size, 0);
      let sent = 0;
      let photoURL = '';
      for (const size of image.sizes) {
        const url = await uploadImageObject(
          profilePhotoPath(user.uid, photoId, size.width),
          size.blob,
          (bytes) => setState({ phase: 'working', progress: (sent + bytes) / total }),
        ).done;
        sent += size.blob.size;
        // The 320 px width, or the photo's own width when it is smaller.
        if (size.width <= PHOTO_URL_WIDTH) photoURL = url;
      }
      await save(photoURL, 'Photo saved.');
    } catch (error) {
      setState({
        phase: 'failed',
        message: error instanceof ImageRefusedError ? error.message : describeError(error).message,
      });
    }
  };

  const remove = async () => {
    setState({ phase: 'working', progress: null });
    try {
      await save(null, 'Photo removed.');
    } catch (error) {
      setState({ phase: 'failed', message: describeError(error).message });
    }
  };

  return (
    <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Avatar
          src={user.photoURL ?? undefined}
          alt={user.photoURL ? 'Your photo' : undefined}
          sx={{ width: 72, height: 72 }}
        />
        <Button variant="outlined" disabled={working} onClick={() => input.current?.click()}>
          Change photo
        </Button>
        {user.photoURL ? (
          <Button color="error" disabled={working} onClick={() => void remove()}>
            Remove photo
          </Button>
        ) : null}
        <input
          ref={input}
          type="file"
          accept="image/*"
          hidden
          data-testid="change-photo-input"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) void change(file);
          }}
        />
      </Stack>
      {working ? (
        <LinearProgress
          aria-label="Uploading your photo"
          sx={{ width: '100%', maxWidth: 320 }}
          {...(state.progress === null
            ? {}
            : { variant: 'determinate' as const, value: Math.round(state.progress * 100) })}
        />
      ) : null}
      {state.phase === 'failed' ? (
        <Alert severity="error" role="alert">
          {state.message}
        </Alert>
      ) : null}
    </Stack>
  );
}
